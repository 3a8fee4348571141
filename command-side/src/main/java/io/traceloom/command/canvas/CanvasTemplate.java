package io.traceloom.command.canvas;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.canvas.CanvasTemplateCreated;
import io.traceloom.kernel.canvas.CanvasTemplateDeleted;
import io.traceloom.kernel.canvas.CanvasTemplateReplaced;
import io.traceloom.kernel.canvas.CreateCanvasTemplate;
import io.traceloom.kernel.canvas.DeleteCanvasTemplate;
import io.traceloom.kernel.canvas.ReplaceCanvasTemplate;
import io.traceloom.kernel.message.Rejection;
import java.util.List;
import java.util.Objects;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A Handlebars template of a tenant and the schema its variables must satisfy: kept with it, or one of the
 * tenant's stored schemas, which it then uses (so that schema is not deleted under it). Commands reach it
 * through {@link CanvasCommandHandler}, since checking a template's schema involves the tenant's schemas.
 * Renders are not its events: each is a {@link CanvasTemplateInstance} of its own, naming the version used.
 */
@Aggregate(cache = "canvasTemplateCache")
public class CanvasTemplate {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String name;
    private String template;
    private String schema;
    private String schemaId;
    private List<String> usedSchemas = List.of();
    private long version;

    protected CanvasTemplate() {
        // for Axon
    }

    CanvasTemplate(CreateCanvasTemplate command, List<String> usedSchemas) {
        apply(new CanvasTemplateCreated(command.tenantId(), command.templateId(), command.name(), command.template(),
                command.schema(), command.schemaId(), usedSchemas));
    }

    /** Another tenant's template does not exist for the caller, whatever else is asked; then the version. */
    void admit(ReplaceCanvasTemplate command) {
        requireTenant(command.tenantId());
        requireVersion(command.expectedVersion());
    }

    /** A replace that changes nothing records nothing. */
    void replace(ReplaceCanvasTemplate command, List<String> nowUsed) {
        if (!command.name().equals(name) || !command.template().equals(template)
                || !Objects.equals(command.schema(), schema) || !Objects.equals(command.schemaId(), schemaId)
                || !nowUsed.equals(usedSchemas)) {
            apply(new CanvasTemplateReplaced(tenantId, id, command.name(), command.template(), command.schema(),
                    command.schemaId(), nowUsed));
        }
    }

    /** @return the stored schemas it uses, which it must release */
    List<String> admit(DeleteCanvasTemplate command) {
        requireTenant(command.tenantId());
        requireVersion(command.expectedVersion());
        return usedSchemas;
    }

    void delete() {
        apply(new CanvasTemplateDeleted(tenantId, id));
    }

    /** The template as a render of this tenant uses it. */
    Snapshot forRender(String renderingTenantId) {
        requireTenant(renderingTenantId);
        return new Snapshot(id, template, schema, schemaId, version);
    }

    /** @param version the template's version, which the render records */
    record Snapshot(String templateId, String template, String schema, String schemaId, long version) {
    }

    List<String> usedSchemas() {
        return usedSchemas;
    }

    private void requireTenant(String callerTenantId) {
        if (!tenantId.equals(callerTenantId)) {
            throw new DomainRejectionException(Rejection.notFound("Canvas template '" + id + "' does not exist."));
        }
    }

    private void requireVersion(Long expected) {
        if (expected != null && expected != version) {
            throw new DomainRejectionException(Rejection.versionMismatch("Canvas template '" + id
                    + "' has changed: it is at version " + version + ", not " + expected + "."));
        }
    }

    @EventSourcingHandler
    void on(CanvasTemplateCreated event, @SequenceNumber long sequence) {
        id = event.templateId();
        tenantId = event.tenantId();
        name = event.name();
        template = event.template();
        schema = event.schema();
        schemaId = event.schemaId();
        usedSchemas = List.copyOf(event.usedSchemas());
        version = sequence;
    }

    @EventSourcingHandler
    void on(CanvasTemplateReplaced event, @SequenceNumber long sequence) {
        name = event.name();
        template = event.template();
        schema = event.schema();
        schemaId = event.schemaId();
        usedSchemas = List.copyOf(event.usedSchemas());
        version = sequence;
    }

    @EventSourcingHandler
    void on(CanvasTemplateDeleted event) {
        markDeleted();
    }
}
