package io.traceloom.query.schema;

import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaDeleted;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import io.traceloom.query.readmodel.TenantLists;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/** Schemas as clients read them; who uses a schema is the command side's business, not shown. */
@Component
@ProcessingGroup(SchemaProjection.PROCESSING_GROUP)
public class SchemaProjection {

    public static final String PROCESSING_GROUP = "schemas";

    private final ReadModelWriter writer;

    public SchemaProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<SchemaDocument> schemas() {
        return writer.documents(SchemaDocument.class, SchemaDocument::id);
    }

    /** Each tenant's schemas, oldest first: what a page of the list reads. */
    private TenantLists lists() {
        return writer.lists(SchemaDocument.class);
    }

    @EventHandler
    void on(SchemaCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        int listChunk = lists().append(event.tenantId(), event.schemaId());
        schemas().save(SchemaDocument.created(event, at, version, listChunk));
    }

    @EventHandler
    void on(SchemaReplaced event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<SchemaDocument> schemas = schemas();
        SchemaDocument schema = schemas.find(event.schemaId());
        if (schema != null) {
            schemas.save(schema.replaced(event, at, version));
        }
    }

    @EventHandler
    void on(SchemaDeleted event) {
        Documents<SchemaDocument> schemas = schemas();
        SchemaDocument schema = schemas.find(event.schemaId());
        if (schema != null) {
            lists().remove(schema.tenantId(), schema.id(), schema.listChunk());
            schemas.remove(event.schemaId());
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(SchemaDocument.class);
    }
}
