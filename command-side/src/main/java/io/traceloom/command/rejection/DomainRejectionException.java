package io.traceloom.command.rejection;

import io.traceloom.kernel.message.Rejection;

/** Thrown by aggregates and command handlers when a rule refuses a command. */
public class DomainRejectionException extends RuntimeException {

    private final transient Rejection rejection;

    public DomainRejectionException(Rejection rejection) {
        super(rejection.message());
        this.rejection = rejection;
    }

    public Rejection rejection() {
        return rejection;
    }
}
