package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** {@code usedBy} stopped using the file. */
@Revision("1")
public record FileReleased(String tenantId, String fileId, String usedBy) implements TenantScoped {
}
