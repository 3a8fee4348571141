package io.traceloom.query.canvas;

import io.traceloom.kernel.canvas.CanvasTemplateCreated;
import io.traceloom.kernel.canvas.CanvasTemplateDeleted;
import io.traceloom.kernel.canvas.CanvasTemplateReplaced;
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

@Component
@ProcessingGroup(CanvasTemplateProjection.PROCESSING_GROUP)
public class CanvasTemplateProjection {

    public static final String PROCESSING_GROUP = "canvas-templates";

    private final ReadModelWriter writer;

    public CanvasTemplateProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<CanvasTemplateDocument> templates() {
        return writer.documents(CanvasTemplateDocument.class, CanvasTemplateDocument::id);
    }

    /** Each tenant's templates, oldest first: what a page of the list reads. */
    private TenantLists lists() {
        return writer.lists(CanvasTemplateDocument.class);
    }

    @EventHandler
    void on(CanvasTemplateCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        int listChunk = lists().append(event.tenantId(), event.templateId());
        templates().save(CanvasTemplateDocument.created(event, at, version, listChunk));
    }

    @EventHandler
    void on(CanvasTemplateReplaced event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<CanvasTemplateDocument> templates = templates();
        CanvasTemplateDocument template = templates.find(event.templateId());
        if (template != null) {
            templates.save(template.replaced(event, at, version));
        }
    }

    @EventHandler
    void on(CanvasTemplateDeleted event) {
        Documents<CanvasTemplateDocument> templates = templates();
        CanvasTemplateDocument template = templates.find(event.templateId());
        if (template != null) {
            lists().remove(template.tenantId(), template.id(), template.listChunk());
            templates.remove(event.templateId());
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(CanvasTemplateDocument.class);
    }
}
