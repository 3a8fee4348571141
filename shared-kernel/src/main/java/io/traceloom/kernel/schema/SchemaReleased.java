package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param user what no longer uses the schema (see {@link SchemaUsed}) */
@Revision("1")
public record SchemaReleased(String tenantId, String schemaId, String user) implements TenantScoped {
}
