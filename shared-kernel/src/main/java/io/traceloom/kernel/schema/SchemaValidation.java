package io.traceloom.kernel.schema;

import io.traceloom.kernel.message.Violation;
import java.util.List;

/**
 * What checking a document against a schema found.
 *
 * @param violations every rule the document breaks, in the order found; empty when it is valid
 * @param overLimit  why the check was stopped (it took too long, or the schema loops), or {@code null}: then
 *                   the document is neither valid nor invalid, and {@code violations} is empty
 */
public record SchemaValidation(List<Violation> violations, String overLimit) {

    public SchemaValidation {
        violations = List.copyOf(violations);
    }

    public static SchemaValidation of(List<Violation> violations) {
        return new SchemaValidation(violations, null);
    }

    public static SchemaValidation stopped(String overLimit) {
        return new SchemaValidation(List.of(), overLimit);
    }

    public boolean valid() {
        return overLimit == null && violations.isEmpty();
    }
}
