package io.traceloom.command.credential;

/**
 * A credential that cannot be signed or checked as it stands: something in it would not be covered by
 * the signature, or it uses a context that is not available.
 */
public class InvalidCredentialException extends Exception {

    private final String property;

    public InvalidCredentialException(String property, String message) {
        super(message);
        this.property = property;
    }

    /** The JSON-LD property at fault, when known. */
    public String property() {
        return property;
    }
}
