package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with a {@link FilePage}, oldest first; {@code page} is 1-based. */
public record ListFiles(String tenantId, int page, int limit) implements TenantScoped {
}
