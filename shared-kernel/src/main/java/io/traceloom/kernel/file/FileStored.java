package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A file was stored: its metadata and the SHA-256 that addresses its bytes, never the bytes themselves. */
@Revision("1")
public record FileStored(String tenantId, String fileId, String key, String mimeType, long size, String sha256)
        implements TenantScoped {
}
