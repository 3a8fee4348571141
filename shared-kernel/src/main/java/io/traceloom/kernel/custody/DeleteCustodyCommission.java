package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** @param expectedVersion the version an {@code If-Match} names, or {@code null} */
public record DeleteCustodyCommission(String tenantId, @TargetAggregateIdentifier String commissionId,
                                      Long expectedVersion) implements TenantScoped {
}
