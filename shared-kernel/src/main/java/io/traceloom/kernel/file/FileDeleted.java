package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

@Revision("1")
public record FileDeleted(String tenantId, String fileId) implements TenantScoped {
}
