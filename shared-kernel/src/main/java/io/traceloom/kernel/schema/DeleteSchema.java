package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Delete the schema: refused while anything uses it (a canvas template, another schema's {@code $ref}).
 *
 * @param expectedVersion the version the caller last saw (an {@code If-Match}), or {@code null}
 */
public record DeleteSchema(String tenantId, String schemaId, Long expectedVersion) implements TenantScoped {

    @TargetAggregateIdentifier
    public String aggregateId() {
        return SchemaIds.aggregateId(schemaId);
    }
}
