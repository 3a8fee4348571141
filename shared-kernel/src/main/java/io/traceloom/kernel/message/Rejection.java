package io.traceloom.kernel.message;

import java.util.List;

/**
 * Why the command side refused a command. It travels as the details of Axon's
 * {@code CommandExecutionException}, so it must stay a plain serializable record: it crosses process
 * boundaries when commands are routed through Axon Server.
 *
 * @param kind       the category, which the API maps to an HTTP status
 * @param field      the request field the refusal is about, or {@code null}
 * @param message    a sentence a client can show
 * @param violations when a JSON document in the request breaks a JSON Schema (a schema its meta-schema,
 *                   variables their template's schema): every rule it breaks, located within {@code field}
 *                   (the whole body when {@code field} is {@code null}); otherwise empty
 */
public record Rejection(Kind kind, String field, String message, List<Violation> violations) {

    public enum Kind {
        /** The addressed resource does not exist for this tenant. */
        NOT_FOUND,
        /** The command would break a uniqueness rule or races another change. */
        CONFLICT,
        /** The command is well-formed but refers to something it may not use. */
        INVALID,
        /** The caller expected another version of the resource. */
        VERSION_MISMATCH
    }

    public Rejection {
        violations = violations == null ? List.of() : List.copyOf(violations);
    }

    public Rejection(Kind kind, String field, String message) {
        this(kind, field, message, List.of());
    }

    public static Rejection notFound(String message) {
        return new Rejection(Kind.NOT_FOUND, null, message);
    }

    public static Rejection conflict(String field, String message) {
        return new Rejection(Kind.CONFLICT, field, message);
    }

    public static Rejection invalid(String field, String message) {
        return new Rejection(Kind.INVALID, field, message);
    }

    /** A document in the request breaks a schema: {@code violations} says where and how. */
    public static Rejection invalid(String field, String message, List<Violation> violations) {
        return new Rejection(Kind.INVALID, field, message, violations);
    }

    public static Rejection versionMismatch(String message) {
        return new Rejection(Kind.VERSION_MISMATCH, null, message);
    }
}
