package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * The caller registers itself as a user of its tenant, or refreshes its name and e-mail address. Refused as not
 * found when the tenant is not registered or is disabled. Answered with {@code true} when it registered the
 * user (the first time, or again after it was deleted), {@code false} when the user was registered already.
 *
 * @param userId           the user's id in this service (a UUID named after the tenant and the subject)
 * @param externalTenantId the tenant as the identity provider names it
 * @param subject          the user as the identity provider names it (the token's {@code sub})
 */
public record RegisterTenantUser(String tenantId, String userId, String externalTenantId, String subject,
                                 String name, String email) implements TenantScoped {

    @TargetAggregateIdentifier
    public String userAggregateId() {
        return TenantUserIds.user(tenantId, userId);
    }
}
