package io.traceloom.query.canvas;

import io.traceloom.kernel.canvas.CanvasTemplateCreated;
import io.traceloom.kernel.canvas.CanvasTemplateReplaced;
import io.traceloom.kernel.canvas.CanvasTemplateView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A canvas template in the read model; its schema kept as JSON text (see {@code SchemaDocument}). Pure folds.
 *
 * @param schema   the schema kept with the template, or {@code null}
 * @param schemaId the stored schema it uses instead, or {@code null}
 * @param listChunk the chunk of the tenant's list that holds it ({@code TenantLists})
 */
@Document(CanvasTemplateDocument.COLLECTION)
public record CanvasTemplateDocument(@Id String id, String tenantId, String name, String template, String schema,
                                     String schemaId, Instant createdAt, Instant updatedAt, long version,
                                     int listChunk)
        implements TenantDocument {

    public static final String COLLECTION = "canvas_templates";

    public static CanvasTemplateDocument created(CanvasTemplateCreated event, Instant at, long version,
                                                 int listChunk) {
        return new CanvasTemplateDocument(event.templateId(), event.tenantId(), event.name(), event.template(),
                event.schema(), event.schemaId(), at, at, version, listChunk);
    }

    public CanvasTemplateDocument replaced(CanvasTemplateReplaced event, Instant at, long newVersion) {
        return new CanvasTemplateDocument(id, tenantId, event.name(), event.template(), event.schema(), event.schemaId(),
                createdAt, at, newVersion, listChunk);
    }

    public CanvasTemplateView toView() {
        return new CanvasTemplateView(id, name, template, schema, schemaId, createdAt, updatedAt, version);
    }
}
