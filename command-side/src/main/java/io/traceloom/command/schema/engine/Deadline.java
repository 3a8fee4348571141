package io.traceloom.command.schema.engine;

/**
 * The time one evaluation of a JSON Schema may take. JSON Schema has no bound on its own: a regular
 * expression can backtrack for ever ({@code ^(a+)+\1$}), and a few dozen nested {@code anyOf}s evaluate
 * their branches 2^n times, without the document growing. The evaluation checks this deadline as it goes
 * (at every keyword and while a pattern matches), on the thread that runs it.
 */
final class Deadline {

    private static final ThreadLocal<Long> CURRENT = new ThreadLocal<>();

    private Deadline() {
    }

    /**
     * Runs {@code work} with a deadline at {@code nanoTime} (as {@link System#nanoTime()} tells it); nested calls
     * keep the outer deadline.
     */
    static <T> T until(long nanoTime, java.util.function.Supplier<T> work) {
        if (CURRENT.get() != null) {
            return work.get();
        }
        CURRENT.set(nanoTime);
        try {
            return work.get();
        } finally {
            CURRENT.remove();
        }
    }

    /** Throws {@link Exceeded} once the current deadline has passed; without a deadline, nothing. */
    static void check() {
        Long deadline = CURRENT.get();
        if (deadline != null && System.nanoTime() - deadline > 0) {
            throw new Exceeded();
        }
    }

    /** The deadline passed: the evaluation is abandoned where it stands. */
    static final class Exceeded extends RuntimeException {
        Exceeded() {
            super("the evaluation took longer than allowed", null, false, false);
        }
    }
}
