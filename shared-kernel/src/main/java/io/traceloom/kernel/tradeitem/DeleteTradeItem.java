package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.axonframework.modelling.command.TargetAggregateVersion;

/** @param expectedVersion the version the caller last saw (from an {@code If-Match}), or {@code null} */
public record DeleteTradeItem(String tenantId, @TargetAggregateIdentifier String tradeItemId,
                              @TargetAggregateVersion Long expectedVersion) implements TenantScoped {
}
