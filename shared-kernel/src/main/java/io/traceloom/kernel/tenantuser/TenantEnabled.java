package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

@Revision("1")
public record TenantEnabled(String tenantId) implements TenantScoped {
}
