package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param tradeItemTag the tag the item was created with, or {@code null} */
@Revision("1")
public record TradeItemCreated(String tenantId, String tradeItemId, String name, TagSnapshot tradeItemTag)
        implements TenantScoped {
}
