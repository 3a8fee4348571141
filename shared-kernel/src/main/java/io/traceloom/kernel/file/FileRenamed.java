package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The file's name changed; its bytes did not. */
@Revision("1")
public record FileRenamed(String tenantId, String fileId, String key) implements TenantScoped {
}
