package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * @param expectedVersion the version the caller last saw (from an {@code If-Match}), or {@code null}. Checked
 *                        by the item itself, after the tenant: Axon's own check
 *                        ({@code @TargetAggregateVersion}) runs when the item is loaded, before anything,
 *                        and would tell another tenant that the item exists.
 */
public record DeleteTradeItem(String tenantId, @TargetAggregateIdentifier String tradeItemId,
                              Long expectedVersion) implements TenantScoped {
}
