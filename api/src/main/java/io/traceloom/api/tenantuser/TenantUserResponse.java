package io.traceloom.api.tenantuser;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.tenantuser.TenantUserView;
import java.time.Instant;

/** A TenantUser as SPEC.md shows it: all six fields, always. */
@Schema(name = "TenantUser", requiredProperties = {"id", "tenantId", "name", "email", "createdAt", "updatedAt"})
public record TenantUserResponse(
        @Schema(description = "The user's id (a UUID named after its tenant and its identity's subject).") String id,
        @Schema(description = "The tenant's id (a UUID named after the token's tenant claim).") String tenantId,
        String name, String email, Instant createdAt, Instant updatedAt) {

    public static TenantUserResponse of(TenantUserView user) {
        return new TenantUserResponse(user.id(), user.tenantId(), user.name(), user.email(), user.createdAt(),
                user.updatedAt());
    }
}
