package io.traceloom.kernel.schema;

/**
 * The deadline of the caller's work, which a check against a schema runs within as well as within the schemas'
 * own limit: a credential's, by which every check of its subjects against its schemas must end.
 *
 * @param nanoTime when it passes, as {@link System#nanoTime()} tells it
 * @param reason   what an answer says once it has passed: the work stopped, and the setting that stopped it
 */
public record WorkDeadline(long nanoTime, String reason) {

    /** Whether it has passed. */
    public boolean passed() {
        return System.nanoTime() - nanoTime > 0;
    }
}
