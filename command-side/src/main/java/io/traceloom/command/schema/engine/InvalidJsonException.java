package io.traceloom.command.schema.engine;

/** Text that is not JSON as this service reads it (see {@link JsonSchemas#read}). */
public class InvalidJsonException extends RuntimeException {

    InvalidJsonException(String message) {
        super(Excerpts.of(message, 300), null, false, false);
    }
}
