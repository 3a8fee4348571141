package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.common.TenantScoped;

/** Answered with an {@code Optional<TradeItemTagView>}. */
public record FindTradeItemTag(String tenantId, String tagId) implements TenantScoped {
}
