package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param externalId the tenant as the identity provider names it */
@Revision("1")
public record TenantRegistered(String tenantId, String externalId, String name) implements TenantScoped {
}
