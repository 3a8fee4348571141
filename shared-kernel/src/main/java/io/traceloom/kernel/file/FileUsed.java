package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * Something of the tenant started to use the file; while it does, the file cannot be deleted.
 *
 * @param usedBy  who uses it, an identifier of the user's choosing (one use per user)
 * @param purpose what for, in words a client can be shown: {@code "the icon of organization theme <id>"}
 */
@Revision("1")
public record FileUsed(String tenantId, String fileId, String usedBy, String purpose) implements TenantScoped {
}
