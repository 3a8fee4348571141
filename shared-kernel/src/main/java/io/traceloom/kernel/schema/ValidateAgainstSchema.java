package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Check a JSON document against the tenant's stored schema as it stands now; changes nothing. Answered with
 * an {@code Optional<SchemaValidation>}, empty when the tenant has no such schema.
 *
 * @param document any JSON value, as JSON text
 */
public record ValidateAgainstSchema(String tenantId, String schemaId, String document) implements TenantScoped {
}
