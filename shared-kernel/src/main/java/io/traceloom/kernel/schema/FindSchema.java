package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<SchemaView>}. */
public record FindSchema(String tenantId, String schemaId) implements TenantScoped {
}
