package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with a {@link TradeItemPage}, oldest first; {@code page} is 1-based. */
public record ListTradeItems(String tenantId, int page, int limit) implements TenantScoped {
}
