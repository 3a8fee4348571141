package io.traceloom.query.schema;

import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.kernel.schema.SchemaView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A stored schema in the read model. The schema is kept as the JSON text it was stored as: a JSON Schema's
 * keys ({@code $ref}, {@code $defs}, names with dots) are not all keys MongoDB takes, and the text is what
 * clients get back, byte for byte. Pure folds, no I/O.
 *
 * @param version   the version of the schema's content; uses of the schema do not change it
 * @param listChunk the chunk of the tenant's list that holds it ({@code TenantLists})
 */
@Document(SchemaDocument.COLLECTION)
public record SchemaDocument(@Id String id, String tenantId, String name, String schema, Instant createdAt,
                             Instant updatedAt, long version, int listChunk) implements TenantDocument {

    public static final String COLLECTION = "schemas";

    public static SchemaDocument created(SchemaCreated event, Instant at, long version, int listChunk) {
        return new SchemaDocument(event.schemaId(), event.tenantId(), event.name(), event.schema(), at, at, version, listChunk);
    }

    public SchemaDocument replaced(SchemaReplaced event, Instant at, long newVersion) {
        return new SchemaDocument(id, tenantId, event.name(), event.schema(), createdAt, at, newVersion, listChunk);
    }

    public SchemaView toView() {
        return new SchemaView(id, name, schema, createdAt, updatedAt, version);
    }
}
