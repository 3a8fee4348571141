package io.traceloom.kernel.audit.canonical;

/** A text that is not I-JSON, or a value that JSON cannot hold (NaN, a lone surrogate), so has no canonical form. */
public class InvalidJsonException extends IllegalArgumentException {

    public InvalidJsonException(String message) {
        super(message);
    }
}
