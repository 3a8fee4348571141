package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The schema is gone; its id may be used for a new schema by the same tenant ({@code PUT}). */
@Revision("1")
public record SchemaDeleted(String tenantId, String schemaId) implements TenantScoped {
}
