package io.traceloom.command.schema.engine;

/** An evaluation that was stopped: it took too long, or looped. Nothing is wrong with the document as such. */
public class OverLimitException extends RuntimeException {

    OverLimitException(String message) {
        super(message, null, false, false);
    }
}
