package io.traceloom.query.canvas;

import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A recorded render, as it happened; the variables kept as JSON text. Pure folds. */
@Document(CanvasTemplateInstanceDocument.COLLECTION)
public record CanvasTemplateInstanceDocument(@Id String id, String tenantId, String templateId, long templateVersion,
                                             String variables, String renderedOutput, String renderedBy,
                                             Instant createdAt) implements TenantDocument {

    public static final String COLLECTION = "canvas_template_instances";

    public static CanvasTemplateInstanceDocument rendered(CanvasTemplateRendered event, Instant at) {
        return new CanvasTemplateInstanceDocument(event.instanceId(), event.tenantId(), event.templateId(),
                event.templateVersion(), event.variables(), event.renderedOutput(), event.renderedBy(), at);
    }

    public CanvasTemplateInstanceView toView() {
        return new CanvasTemplateInstanceView(id, templateId, templateVersion, variables, renderedOutput, renderedBy,
                createdAt);
    }
}
