package io.traceloom.api.embedded.store;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a commit of the {@link ReadModelStore} records beside its version, read in two steps. A reading is readied
 * before the commit waits for the running commands to end, and may wait itself, for a connection to the event
 * store for example; it is read once no command runs, so that what it tells holds for the version; it is closed
 * after. Commands of the read models are held while it is read, never while it is readied: a command's caller
 * may hold what the readying waits for (a command's unit of work holds its event-store connection while it asks
 * the read models), and the two would wait for each other.
 */
@FunctionalInterface
public interface Stamp {

    /**
     * Readies a reading.
     *
     * @throws RuntimeException when it cannot be readied now (the commit waits for the next)
     */
    Reading ready();

    /** A stamp that needs nothing readied: the supplier is asked while no command runs. */
    static Stamp of(Supplier<Optional<Map<String, String>>> now) {
        return () -> new Reading() {
            @Override
            public Optional<Map<String, String>> read() {
                return now.get();
            }

            @Override
            public void close() {
            }
        };
    }

    /** A readied reading of the stamp. */
    interface Reading extends AutoCloseable {

        /** The stamp, read while no command runs, or empty when it cannot be known now (the commit waits). */
        Optional<Map<String, String>> read();

        /** Gives back what readying took. */
        @Override
        void close();
    }
}
