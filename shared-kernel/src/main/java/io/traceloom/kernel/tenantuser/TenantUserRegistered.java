package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * A user registered with its tenant (also again, after it was deleted).
 *
 * @param externalTenantId the tenant as the identity provider names it
 * @param subject          the user as the identity provider names it
 */
@Revision("1")
public record TenantUserRegistered(String tenantId, String userId, String externalTenantId, String subject,
                                   String name, String email) implements TenantScoped {
}
