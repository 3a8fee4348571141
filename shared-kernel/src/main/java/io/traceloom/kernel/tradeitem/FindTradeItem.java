package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<TradeItemView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindTradeItem(String tenantId, String tradeItemId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindTradeItem(String tenantId, String tradeItemId) {
        this(tenantId, tradeItemId, null);
    }
}
