package io.traceloom.command.schema.engine;

/** A schema that satisfies its meta-schema but cannot be compiled: a reference that does not resolve, a bad pattern. */
public class UnusableSchemaException extends RuntimeException {

    UnusableSchemaException(String message) {
        super(message, null, false, false);
    }
}
