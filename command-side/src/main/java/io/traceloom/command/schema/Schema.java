package io.traceloom.command.schema;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.schema.DeleteSchema;
import io.traceloom.kernel.schema.PutSchema;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.kernel.schema.SchemaDeleted;
import io.traceloom.kernel.schema.SchemaReleased;
import io.traceloom.kernel.schema.SchemaReplaced;
import io.traceloom.kernel.schema.SchemaUsed;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One stored JSON Schema of a tenant, and what relies on it. A schema in use (by a canvas template, by
 * another schema's {@code $ref}) is not deleted: the uses are recorded here, as events of the schema, in
 * the same transaction as the change of whatever uses it, so the rule is decided in one consistent place
 * even when a template is saved while the schema is being deleted.
 *
 * <p>Commands reach it through {@link SchemaCommandHandler}, since checking a schema needs the tenant's
 * other schemas. A deleted schema's id stays its tenant's, and a {@code PUT} creates it anew.
 */
@Aggregate(cache = "schemaCache")
public class Schema {

    @AggregateIdentifier
    private String id;
    private String schemaId;
    private String tenantId;
    private String name;
    private String text;
    private boolean exists;
    /** The sequence number of the last change of name or content: the version clients see. */
    private long contentVersion;
    private List<String> references = List.of();
    private final Set<String> users = new TreeSet<>();

    protected Schema() {
        // for Axon, and for a schema about to be created
    }

    /**
     * Whether this tenant may put the schema now; another tenant's schema does not exist for the caller,
     * whatever else is asked.
     *
     * @return whether the put creates it
     */
    boolean admit(PutSchema command) {
        if (tenantId != null && !tenantId.equals(command.tenantId())) {
            throw new DomainRejectionException(notFound(command.schemaId()));
        }
        if (!exists) {
            if (command.mustExist()) {
                throw new DomainRejectionException(Rejection.versionMismatch("Schema '" + command.schemaId()
                        + "' does not exist, so no If-Match can match it."));
            }
            return true;
        }
        requireVersion(command.expectedVersion());
        return false;
    }

    /** Creates or replaces; a put that changes nothing records nothing. */
    void put(PutSchema command, List<String> referencedSchemaIds) {
        if (!exists) {
            apply(new SchemaCreated(command.tenantId(), command.schemaId(), command.name(), command.schema(),
                    referencedSchemaIds));
        } else if (!command.name().equals(name) || !command.schema().equals(text)
                || !referencedSchemaIds.equals(references)) {
            apply(new SchemaReplaced(tenantId, schemaId, command.name(), command.schema(), referencedSchemaIds));
        }
    }

    /**
     * Whether the schema may be deleted now: it exists for this tenant, at the expected version, and nothing
     * uses it.
     *
     * @return the stored schemas it refers to, which it must release
     */
    List<String> admit(DeleteSchema command) {
        if (!exists || !tenantId.equals(command.tenantId())) {
            throw new DomainRejectionException(notFound(command.schemaId()));
        }
        requireVersion(command.expectedVersion());
        if (!users.isEmpty()) {
            List<String> named = new ArrayList<>(users).subList(0, Math.min(users.size(), 5));
            throw new DomainRejectionException(Rejection.conflict(null, "Schema '" + schemaId + "' is in use by "
                    + String.join(", ", named) + (users.size() > named.size() ? " and " + (users.size() - named.size())
                    + " more" : "") + "; it can be deleted once nothing uses it."));
        }
        return references;
    }

    void delete() {
        apply(new SchemaDeleted(tenantId, schemaId));
    }

    /** @return whether the tenant has this schema (and the use is recorded) */
    boolean use(String usingTenantId, String user) {
        if (!exists || !tenantId.equals(usingTenantId)) {
            return false;
        }
        if (!users.contains(user)) {
            apply(new SchemaUsed(tenantId, schemaId, user));
        }
        return true;
    }

    void release(String usingTenantId, String user) {
        if (tenantId != null && tenantId.equals(usingTenantId) && users.contains(user)) {
            apply(new SchemaReleased(tenantId, schemaId, user));
        }
    }

    /** The schema as it stands, if the tenant has it: another tenant's does not exist for it. */
    Optional<Content> content(String readingTenantId) {
        return content().filter(content -> content.tenantId().equals(readingTenantId));
    }

    /** The schema as it stands, whosever it is, if it exists. */
    Optional<Content> content() {
        return exists ? Optional.of(new Content(tenantId, schemaId, text, contentVersion)) : Optional.empty();
    }

    /** @param version the content's version: a compiled form of it stays true while the version does */
    record Content(String tenantId, String schemaId, String text, long version) {
    }

    List<String> references() {
        return references;
    }

    private void requireVersion(Long expected) {
        if (expected != null && expected != contentVersion) {
            throw new DomainRejectionException(Rejection.versionMismatch("Schema '" + schemaId
                    + "' has changed: it is at version " + contentVersion + ", not " + expected + "."));
        }
    }

    private static Rejection notFound(String schemaId) {
        return Rejection.notFound("Schema '" + schemaId + "' does not exist.");
    }

    @EventSourcingHandler
    void on(SchemaCreated event, @SequenceNumber long sequence) {
        id = io.traceloom.kernel.schema.SchemaIds.aggregateId(event.schemaId());
        schemaId = event.schemaId();
        tenantId = event.tenantId();
        name = event.name();
        text = event.schema();
        references = List.copyOf(event.references());
        contentVersion = sequence;
        exists = true;
    }

    @EventSourcingHandler
    void on(SchemaReplaced event, @SequenceNumber long sequence) {
        name = event.name();
        text = event.schema();
        references = List.copyOf(event.references());
        contentVersion = sequence;
    }

    @EventSourcingHandler
    void on(SchemaDeleted event) {
        exists = false;
        name = null;
        text = null;
        references = List.of();
    }

    @EventSourcingHandler
    void on(SchemaUsed event) {
        users.add(event.user());
    }

    @EventSourcingHandler
    void on(SchemaReleased event) {
        users.remove(event.user());
    }
}
