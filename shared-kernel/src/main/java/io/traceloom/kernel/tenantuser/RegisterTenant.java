package io.traceloom.kernel.tenantuser;

import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * An operator registers a tenant, or renames a registered one. An operator's command about a tenant, not a
 * tenant's own: it is not {@code TenantScoped}, so no tenant's {@code Idempotency-Key} is claimed with it (it is
 * idempotent by itself). Answered with {@code true} when it registered the tenant, {@code false} when the tenant
 * was registered already.
 *
 * @param tenantId   the tenant's id in this service (a UUID named after {@code externalId})
 * @param externalId the tenant as the identity provider names it (the token's tenant claim)
 * @param name       what operators call it
 */
public record RegisterTenant(String tenantId, String externalId, String name) {

    @TargetAggregateIdentifier
    public String tenantAggregateId() {
        return TenantUserIds.tenant(tenantId);
    }
}
