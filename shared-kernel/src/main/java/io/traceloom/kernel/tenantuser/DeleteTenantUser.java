package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * A user of the tenant is deleted: its requests are refused until it registers again.
 *
 * @param expectedVersion the version an {@code If-Match} names, or {@code null}
 */
public record DeleteTenantUser(String tenantId, String userId, Long expectedVersion) implements TenantScoped {

    @TargetAggregateIdentifier
    public String userAggregateId() {
        return TenantUserIds.user(tenantId, userId);
    }
}
