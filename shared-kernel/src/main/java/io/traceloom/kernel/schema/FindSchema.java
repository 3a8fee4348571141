package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<SchemaView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindSchema(String tenantId, String schemaId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindSchema(String tenantId, String schemaId) {
        this(tenantId, schemaId, null);
    }
}
