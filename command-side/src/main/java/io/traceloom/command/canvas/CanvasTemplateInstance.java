package io.traceloom.command.canvas;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.kernel.canvas.RenderCanvasTemplate;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One render of a canvas template, as it happened: who rendered which version with which variables, and the
 * output. It never changes. An aggregate of its own, so a template's history does not grow with its renders.
 */
@Aggregate
public class CanvasTemplateInstance {

    @AggregateIdentifier
    private String id;

    protected CanvasTemplateInstance() {
        // for Axon
    }

    CanvasTemplateInstance(RenderCanvasTemplate command, long templateVersion, String renderedOutput) {
        apply(new CanvasTemplateRendered(command.tenantId(), command.instanceId(), command.templateId(), templateVersion,
                command.variables(), renderedOutput, command.renderedBy()));
    }

    @EventSourcingHandler
    void on(CanvasTemplateRendered event) {
        id = event.instanceId();
    }
}
