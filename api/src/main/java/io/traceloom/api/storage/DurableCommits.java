package io.traceloom.api.storage;

import java.util.Optional;

/**
 * What a 2xx promises about the events a write recorded: they are on disk, and survive a power loss.
 * A write calls {@link #await()} after its command has committed and before it answers.
 */
public interface DurableCommits {

    /** For event stores that commit durably by themselves (PostgreSQL, Axon Server): nothing to wait for. */
    DurableCommits BY_THE_STORE = () -> {
    };

    /**
     * Returns once everything committed before this call is durable.
     *
     * @throws NotDurableException when that cannot be promised (the store failed to force its file)
     */
    void await();

    /**
     * Why no write can be acknowledged any more until the process is restarted (the store failed to force its
     * file, or closed after a failure and never reopens by itself); empty while writes can be.
     */
    default Optional<Throwable> failure() {
        return Optional.empty();
    }

    /** The store could not force its writes to disk: nothing written since may be acknowledged. */
    class NotDurableException extends RuntimeException {

        public NotDurableException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
