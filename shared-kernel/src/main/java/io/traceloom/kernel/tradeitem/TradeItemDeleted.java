package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

@Revision("1")
public record TradeItemDeleted(String tenantId, String tradeItemId) implements TenantScoped {
}
