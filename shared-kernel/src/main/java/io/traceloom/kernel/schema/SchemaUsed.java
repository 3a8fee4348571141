package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * Something began to rely on the schema, in the same transaction as its own change: from now on the schema
 * cannot be deleted until it is released.
 *
 * @param user what uses it, as its path: {@code canvas-templates/<id>}, {@code schemas/<id>}
 */
@Revision("1")
public record SchemaUsed(String tenantId, String schemaId, String user) implements TenantScoped {
}
