package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.AggregateIds;
import java.util.UUID;

/**
 * A schema's id is chosen by the client ({@code PUT /schemas/{id}}), a UUID, unique across tenants (its URL
 * names it alone); its aggregate is named {@code schema:<id>}, so the id of another kind of resource names
 * no schema.
 */
public final class SchemaIds {

    private SchemaIds() {
    }

    public static String aggregateId(String schemaId) {
        return AggregateIds.clientChosen("schema", schemaId);
    }

    /** Whether this is a schema id: a UUID in its canonical, lower-case form. */
    public static boolean isValid(String id) {
        if (id == null || id.length() != 36) {
            return false;
        }
        try {
            return UUID.fromString(id).toString().equals(id);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
