package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.Violation;
import java.util.List;
import java.util.Set;

/**
 * What checking a schema a feature keeps inline found.
 *
 * @param violations what keeps it from being a usable JSON Schema, each located by its JSON pointer in the
 *                   schema; empty when it is one
 * @param references the ids of the tenant's stored schemas it refers to (by {@code $ref}): what the feature
 *                   must {@linkplain TenantSchemas#use use}, so they are not deleted under it
 */
public record SchemaCheck(List<Violation> violations, Set<String> references) {

    public SchemaCheck {
        violations = List.copyOf(violations);
        references = Set.copyOf(references);
    }

    public boolean usable() {
        return violations.isEmpty();
    }
}
