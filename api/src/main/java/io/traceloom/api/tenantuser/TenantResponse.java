package io.traceloom.api.tenantuser;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.tenantuser.TenantView;
import java.time.Instant;

/** A registered tenant, as operators see it. */
@Schema(name = "Tenant", requiredProperties = {"id", "externalId", "name", "disabled", "createdAt", "updatedAt"})
public record TenantResponse(
        @Schema(description = "The tenant's id in this service (a UUID named after `externalId`).") String id,
        @Schema(description = "The tenant as the identity provider names it: the token's tenant claim.")
        String externalId,
        String name,
        @Schema(description = "A disabled tenant's users are refused (403) until it is enabled again.")
        boolean disabled,
        Instant createdAt, Instant updatedAt) {

    public static TenantResponse of(TenantView tenant) {
        return new TenantResponse(tenant.id(), tenant.externalId(), tenant.name(), tenant.disabled(),
                tenant.createdAt(), tenant.updatedAt());
    }
}
