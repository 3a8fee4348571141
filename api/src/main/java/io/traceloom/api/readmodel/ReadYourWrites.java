package io.traceloom.api.readmodel;

import io.traceloom.api.config.ApiProperties;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.stereotype.Component;

/**
 * Holds a write's answer until every projection shows it, so that a read after a 2xx write sees the new
 * state ("read-your-writes"), whatever read model the client reads next.
 *
 * <p>A write that appended events waits for exactly those: their positions in the store, looked up by
 * their identifiers ({@link GlobalIndexes}). Positions that are not the write's never hold it up, however
 * long they stay empty: an append rolled back, or lost in a crash, leaves a hole in the global index for
 * good, and a projection keeps it among its token's gaps.
 *
 * <p>A write that appended nothing still decided from what was committed before it ended (a DELETE that
 * found the tag already deleted by a concurrent request), so it waits until every projection shows every
 * event committed by then: the head of the store read after the command, and any gap below it that holds a
 * committed event by now. The same rule serves when a write's own positions are unknown (Axon Server, whose
 * sequence has no gaps, so its head is exact).
 *
 * <p>Where the projections stand comes from {@link ProjectionPositions}: this process's processors where it
 * runs them all, the token store otherwise (roles {@code api}, {@code projections}); either way a position is one whose events
 * the read models show. Waiters re-check when positions are reported to have moved, and every few
 * milliseconds regardless, so a missed report costs a little latency, never a hang.
 */
@Component
public class ReadYourWrites {

    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Projections projections;
    private final ProjectionPositions positions;
    private final GlobalIndexes indexes;
    private final Duration timeout;

    public ReadYourWrites(Projections projections, ProjectionPositions positions, GlobalIndexes indexes,
                          ApiProperties properties) {
        this.projections = projections;
        this.positions = positions;
        this.indexes = indexes;
        this.timeout = properties.readModels().awaitTimeout();
    }

    /**
     * Waits until every projection shows the events with these identifiers, which a write has just
     * committed; with none, until it shows everything committed so far ({@link #awaitCommitted()}).
     *
     * @return whether they did within the configured time
     */
    public boolean awaitEvents(Collection<String> eventIdentifiers) {
        if (eventIdentifiers.isEmpty() || !indexes.available()) {
            return awaitCommitted();
        }
        SortedSet<Long> own = indexes.of(eventIdentifiers);
        if (own.size() != Set.copyOf(eventIdentifiers).size()) {
            // cannot happen for committed events; if it does, waiting for everything is still right
            return awaitCommitted();
        }
        return await(token -> own.stream().allMatch(position -> covers(token, position)));
    }

    /**
     * Waits until every projection shows every event committed so far.
     *
     * @return whether they did within the configured time
     */
    public boolean awaitCommitted() {
        TrackingToken head = projections.head();
        if (head == null) {
            return true;
        }
        long position = Projections.position(head);
        CommittedGaps committedGaps = new CommittedGaps(indexes::committed);
        return await(token -> covers(token, position) && !committedGaps.anyBelow(token, position));
    }

    private boolean await(Predicate<TrackingToken> shows) {
        long deadline = System.nanoTime() + timeout.toNanos();
        positions.expectChange();
        while (true) {
            long seen = positions.changes();
            if (everyProjection(shows)) {
                return true;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            try {
                positions.awaitChangeAfter(seen, Math.min(remaining, RECHECK_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private boolean everyProjection(Predicate<TrackingToken> shows) {
        for (ProjectionPositions.Tracked projection : positions.current().values()) {
            if (projection.segments().isEmpty()) {
                return false;
            }
            for (TrackingToken segment : projection.segments()) {
                if (!shows.test(segment)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether a projection at {@code token} has processed the event at {@code position}: it is past it, and
     * did not skip it as not committed yet (a gap). A replaying projection counts where its replay is.
     */
    static boolean covers(TrackingToken token, long position) {
        TrackingToken current = token == null ? null : WrappedToken.unwrapLowerBound(token);
        if (current instanceof GapAwareTrackingToken gapAware) {
            return gapAware.getIndex() >= position && !gapAware.getGaps().contains(position);
        }
        return current != null && current.position().orElse(-1) >= position;
    }

    /**
     * The gaps of projections' tokens, sorted into those that hold a committed event (the projection will
     * fill them, and must have before a write answers) and those that do not (not committed when looked at,
     * so not something the write could have seen). Each gap is looked up once per wait.
     */
    static final class CommittedGaps {

        private final Function<List<Long>, Set<Long>> committed;
        private final Map<Long, Boolean> known = new HashMap<>();

        /** @param committed which of some positions hold a committed event now */
        CommittedGaps(Function<List<Long>, Set<Long>> committed) {
            this.committed = committed;
        }

        boolean anyBelow(TrackingToken token, long position) {
            TrackingToken current = token == null ? null : WrappedToken.unwrapLowerBound(token);
            if (!(current instanceof GapAwareTrackingToken gapAware)) {
                return false;
            }
            List<Long> gaps = List.copyOf(gapAware.getGaps().headSet(position + 1));
            List<Long> unknown = gaps.stream().filter(gap -> !known.containsKey(gap)).toList();
            if (!unknown.isEmpty()) {
                Set<Long> filled = committed.apply(unknown);
                unknown.forEach(gap -> known.put(gap, filled.contains(gap)));
            }
            return gaps.stream().anyMatch(known::get);
        }
    }
}
