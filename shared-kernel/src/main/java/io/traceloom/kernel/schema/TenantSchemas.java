package io.traceloom.kernel.schema;

import java.util.Optional;

/**
 * What the command side of other features may ask of a tenant's stored schemas, decided from their
 * event-sourced state: validate a JSON document against one (a canvas template's variables; a credential's
 * subject), check a schema the feature keeps inline, and record, within the caller's unit of work, that
 * something relies on a stored schema so that it is not deleted under it. Implemented by the schema feature's
 * command side; features that use schemas depend on this, never on it.
 *
 * <p>Documents and schemas travel as JSON text. Validation compiles a schema once per version of it (and of
 * the schemas it refers to) and evaluates under the service's limits; a result is never an exception.
 */
public interface TenantSchemas {

    /** The URL a stored schema is known by, in {@code $ref}s and credentials: {@code <public base URL>/schemas/{id}}. */
    String urlOf(String schemaId);

    /** The id of the schema a URL of this service names ({@link #urlOf}), if it names one. */
    Optional<String> idOf(String url);

    /**
     * Checks a JSON Schema the caller keeps itself (inline): its dialect's meta-schema, every {@code $ref}
     * resolving within it or to the tenant's stored schemas, and the evaluation limits.
     */
    SchemaCheck check(String tenantId, String schema);

    /**
     * Checks {@code document} against the tenant's stored schema as it stands now, within the schemas' own limit
     * on one validation.
     *
     * @return empty when the tenant has no schema with this id
     */
    default Optional<SchemaValidation> validate(String tenantId, String schemaId, String document) {
        return validate(tenantId, schemaId, document, null);
    }

    /**
     * Checks {@code document} against the tenant's stored schema as it stands now, within the schemas' own limit
     * and by the caller's deadline, whichever comes first. Another tenant's schema is no schema here, whatever
     * its id: it is neither waited for, compiled nor evaluated. Nothing is locked: a validation never keeps a
     * command waiting, nor waits for one.
     *
     * @param deadline the caller's, or {@code null}; a check it stops says {@link WorkDeadline#reason()}
     * @return empty when the tenant has no schema with this id
     */
    Optional<SchemaValidation> validate(String tenantId, String schemaId, String document, WorkDeadline deadline);

    /** Checks {@code document} against a schema the caller keeps inline, one that passed {@link #check}. */
    SchemaValidation validateInline(String tenantId, String schema, String document);

    /**
     * Records, in the caller's unit of work, that {@code user} relies on the tenant's stored schema: it cannot
     * be deleted until {@link #release released}. Using it again changes nothing.
     *
     * @param user what relies on it, as its path, e.g. {@code canvas-templates/<id>}
     * @return {@code false} (and nothing recorded) when the tenant has no schema with this id
     */
    boolean use(String tenantId, String schemaId, String user);

    /** Records that {@code user} no longer relies on the schema; nothing when it did not, or it is gone. */
    void release(String tenantId, String schemaId, String user);
}
