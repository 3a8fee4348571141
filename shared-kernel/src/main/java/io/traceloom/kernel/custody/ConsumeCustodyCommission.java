package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Takes the custody the tenant's commission with this identifier offers, for {@code consumedBy}: exactly once.
 * Answered with the commission's id. Routed by the identifier's claim, which leads to the commission.
 */
public record ConsumeCustodyCommission(String tenantId, String identifier, String consumedBy) implements TenantScoped {

    @TargetAggregateIdentifier
    public String claimId() {
        return CustodyIdentifiers.aggregateId(tenantId, identifier);
    }
}
