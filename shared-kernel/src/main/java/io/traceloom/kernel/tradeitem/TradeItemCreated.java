package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.common.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param tradeItemTag the tag the item was created with, or {@code null} */
@Revision("1")
public record TradeItemCreated(String tenantId, String tradeItemId, String name, TradeItemTagSnapshot tradeItemTag)
        implements TenantScoped {
}
