package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<TradeItemView>}. */
public record FindTradeItem(String tenantId, String tradeItemId) implements TenantScoped {
}
