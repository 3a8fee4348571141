package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * @param schema     the JSON Schema as JSON object text, exactly as stored
 * @param references the ids of the tenant's other stored schemas it refers to by {@code $ref}, sorted: each is
 *                   {@linkplain SchemaUsed used} by this one in the same transaction
 */
@Revision("1")
public record SchemaCreated(String tenantId, String schemaId, String name, String schema,
                            List<String> references) implements TenantScoped {
}
