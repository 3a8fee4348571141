package io.traceloom.api.readmodel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.axonframework.eventhandling.TrackingToken;

/**
 * Where the projections stand, and a signal when one moves: what read-your-writes, readiness and the
 * operators' view of the projections follow. Two sources, one meaning: the processors of this process
 * ({@link LocalProcessorPositions}, role {@code all}, where they all run), or the token store every process of a
 * deployment shares ({@link TokenStorePositions}, roles {@code api} and {@code projections}).
 */
public interface ProjectionPositions {

    /**
     * Where a projection stands.
     *
     * @param running  some process works on it: here, its processor runs; in the token store, one of its
     *                 segments is claimed by a process that has renewed its claim in time
     * @param error    its processor reports an error (known only where it runs)
     * @param segments the token of each of its segments that is being worked on (here: those this process
     *                 has claimed) or, in the token store, of each segment there is; empty while there is none
     * @param parked   the sequences (tenants) whose events wait in its dead-letter queue, each with how many:
     *                 read no earlier than {@code segments}, so that an event they have moved past, and parked,
     *                 is among them
     */
    record Tracked(boolean running, boolean error, List<TrackingToken> segments, Map<String, Long> parked) {
    }

    /** Every projection by name, sorted; each declared projection is there, also before it has a segment. */
    Map<String, Tracked> current();

    /**
     * {@link #current()} of the projections {@code named} accepts only: what a write waits for, asked again at every
     * move of any projection by every write waiting. A source that reads each projection apart reads no other.
     */
    default Map<String, Tracked> current(Predicate<String> named) {
        Map<String, Tracked> some = new LinkedHashMap<>(current());
        some.keySet().removeIf(named.negate());
        return some;
    }

    /** A count of the changes reported so far; pass it to {@link #awaitChangeAfter}. */
    long changes();

    /** Waits until a change after {@code seen} has been reported, at most {@code nanos}. */
    void awaitChangeAfter(long seen, long nanos) throws InterruptedException;

    /**
     * Says that positions are about to move (a write has just committed events), so a source that polls
     * should look soon. Nothing to do for sources that are told of every move.
     */
    default void expectChange() {
    }

    /**
     * Whether every write to the read models is made by this process, which runs every projection (role
     * {@code all}): what a cache of views that follows this process's writes needs ({@link ViewCache}). Elsewhere
     * other processes write them, unseen here.
     */
    default boolean writesHere() {
        return false;
    }
}
