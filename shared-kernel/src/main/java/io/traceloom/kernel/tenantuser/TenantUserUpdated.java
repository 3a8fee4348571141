package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A registered user's name or e-mail address changed at the identity provider, seen when it registered again. */
@Revision("1")
public record TenantUserUpdated(String tenantId, String userId, String name, String email) implements TenantScoped {
}
