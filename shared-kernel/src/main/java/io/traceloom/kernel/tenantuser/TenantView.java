package io.traceloom.kernel.tenantuser;

import java.time.Instant;

/**
 * @param id         the tenant's id in this service
 * @param externalId the tenant as the identity provider names it
 * @param disabled   whether its users are refused
 * @param version    the tenant aggregate's version
 */
public record TenantView(String id, String externalId, String name, boolean disabled, Instant createdAt,
                         Instant updatedAt, long version) {
}
