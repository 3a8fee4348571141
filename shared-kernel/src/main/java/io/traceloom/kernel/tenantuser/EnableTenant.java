package io.traceloom.kernel.tenantuser;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** An operator enables a disabled tenant again. */
public record EnableTenant(String tenantId) {

    @TargetAggregateIdentifier
    public String tenantAggregateId() {
        return TenantUserIds.tenant(tenantId);
    }
}
