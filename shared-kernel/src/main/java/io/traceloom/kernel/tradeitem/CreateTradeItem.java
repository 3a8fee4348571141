package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * @param tradeItemTagCode the code of a live trade item tag of the same tenant, or {@code null} for an
 *                         untagged item
 */
public record CreateTradeItem(String tenantId, @TargetAggregateIdentifier String tradeItemId, String name,
                              String tradeItemTagCode) implements TenantScoped {
}
