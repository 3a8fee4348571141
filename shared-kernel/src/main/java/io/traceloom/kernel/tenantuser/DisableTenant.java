package io.traceloom.kernel.tenantuser;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** An operator disables a registered tenant: its users' requests are refused until it is enabled again. */
public record DisableTenant(String tenantId) {

    @TargetAggregateIdentifier
    public String tenantAggregateId() {
        return TenantUserIds.tenant(tenantId);
    }
}
