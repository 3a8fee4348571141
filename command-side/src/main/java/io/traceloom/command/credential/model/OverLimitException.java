package io.traceloom.command.credential.model;

/**
 * A credential that would cost more to sign or verify than the configured limits allow
 * ({@code traceloom.credentials.limits.*}): it is refused before, or as soon as, the work grows too large.
 */
public class OverLimitException extends InvalidCredentialException {

    public OverLimitException(String property, String message) {
        super(property, message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        // a client's mistake, reported in one line: no stack to capture
        return this;
    }
}
