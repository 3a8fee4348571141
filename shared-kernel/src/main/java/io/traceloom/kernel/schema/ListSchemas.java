package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with a {@link SchemaPage}, oldest first; {@code page} is 1-based. */
public record ListSchemas(String tenantId, int page, int limit) implements TenantScoped {
}
