package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Create the schema, or replace it ({@code PUT /schemas/{id}}, {@code POST /schemas}). Answered with
 * {@code true} when it created the schema.
 *
 * @param schema          the JSON Schema, as JSON object text
 * @param expectedVersion the version the caller last saw (an {@code If-Match}), or {@code null}
 * @param mustExist       whether the caller asked for an existing schema ({@code If-Match}, also {@code *}):
 *                        then creating it is refused as a version mismatch
 */
public record PutSchema(String tenantId, String schemaId, String name, String schema, Long expectedVersion,
                        boolean mustExist) implements TenantScoped {

    @TargetAggregateIdentifier
    public String aggregateId() {
        return SchemaIds.aggregateId(schemaId);
    }
}
