package io.traceloom.kernel.message;

/**
 * Why the command side refused a command. It travels as the details of Axon's
 * {@code CommandExecutionException}, so it must stay a plain serializable record: it crosses process
 * boundaries when commands are routed through Axon Server.
 *
 * @param kind    the category, which the API maps to an HTTP status
 * @param field   the request field the refusal is about, or {@code null}
 * @param message a sentence a client can show
 */
public record Rejection(Kind kind, String field, String message) {

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

    public static Rejection notFound(String message) {
        return new Rejection(Kind.NOT_FOUND, null, message);
    }

    public static Rejection conflict(String field, String message) {
        return new Rejection(Kind.CONFLICT, field, message);
    }

    public static Rejection invalid(String field, String message) {
        return new Rejection(Kind.INVALID, field, message);
    }

    public static Rejection versionMismatch(String message) {
        return new Rejection(Kind.VERSION_MISMATCH, null, message);
    }
}
