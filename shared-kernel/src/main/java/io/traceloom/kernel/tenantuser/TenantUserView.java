package io.traceloom.kernel.tenantuser;

import java.time.Instant;

/**
 * @param externalTenantId the tenant as the identity provider names it
 * @param subject          the user as the identity provider names it
 * @param createdAt        when it registered (again, after a deletion)
 * @param version          the user aggregate's version
 */
public record TenantUserView(String id, String tenantId, String externalTenantId, String subject, String name,
                             String email, Instant createdAt, Instant updatedAt, long version) {
}
