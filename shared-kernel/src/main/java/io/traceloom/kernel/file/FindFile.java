package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<FileView>}. */
public record FindFile(String tenantId, String fileId) implements TenantScoped {
}
