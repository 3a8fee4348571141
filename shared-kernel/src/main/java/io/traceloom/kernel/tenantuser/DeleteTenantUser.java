package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** A user of the tenant is deleted: its requests are refused until it registers again. */
public record DeleteTenantUser(String tenantId, String userId) implements TenantScoped {

    @TargetAggregateIdentifier
    public String userAggregateId() {
        return TenantUserIds.user(tenantId, userId);
    }
}
