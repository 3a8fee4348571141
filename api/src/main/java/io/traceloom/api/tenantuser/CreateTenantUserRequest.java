package io.traceloom.api.tenantuser;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * SPEC.md's CreateTenantUser: an object that declares no properties. Who registers is the caller's identity
 * (its token); any field is refused (400 naming it), as everywhere.
 */
@Schema(name = "CreateTenantUser", description = "An empty object: the caller's identity says who registers.")
public record CreateTenantUserRequest() {
}
