package io.traceloom.query.canvas;

import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/** Renders stay readable whatever becomes of their template. */
@Component
@ProcessingGroup(CanvasTemplateInstanceProjection.PROCESSING_GROUP)
public class CanvasTemplateInstanceProjection {

    public static final String PROCESSING_GROUP = "canvas-template-instances";

    private final ReadModelWriter writer;

    public CanvasTemplateInstanceProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(CanvasTemplateRendered event, @Timestamp Instant at) {
        writer.documents(CanvasTemplateInstanceDocument.class, CanvasTemplateInstanceDocument::id)
                .save(CanvasTemplateInstanceDocument.rendered(event, at));
    }

    @ResetHandler
    void reset() {
        writer.clear(CanvasTemplateInstanceDocument.class);
    }
}
