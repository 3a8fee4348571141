package io.traceloom.api.readmodel;

import io.traceloom.api.settings.ApiProperties;
import io.traceloom.query.processing.DeadLetterQueues;
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
 * Holds a write's answer until every projection that handles its events shows it, so that a read after a 2xx
 * write sees the new state ("read-your-writes"), whatever read model the client reads next, in any process.
 * A projection that handles none of the write's event types ({@link ProjectionProcessors#handling}) shows nothing
 * of it and is not waited for: one stuck projection delays only the writes whose events it folds.
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
 *
 * <p>Except for an event a projection has parked in its dead-letter queue, with the rest of its sequence (its
 * tenant), after one it could not handle: the projection moves past it, but its read model does not show it.
 * So once the positions show a write, it is visible only if no projection holds one of its events back
 * ({@link Visibility#HELD}). That costs a look into the queue (the shared MongoDB: right in every process) only
 * while some projection has parked something; a write that appended nothing is held when its tenant's sequence
 * is parked, since what it decided from may not show.
 */
@Component
public class ReadYourWrites {

    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** Whether a write shows in the read models. */
    public enum Visibility {
        /** Every projection shows it. */
        VISIBLE,
        /** Not yet: some projection had not got to it within the configured time. */
        LATE,
        /**
         * A projection has parked an event of it, behind an event of its sequence it could not handle: it shows
         * once an operator has retried the sequence.
         */
        HELD
    }

    private final Projections projections;
    private final ProjectionProcessors processors;
    private final ProjectionPositions positions;
    private final GlobalIndexes indexes;
    private final DeadLetterQueues deadLetters;
    private final Duration timeout;

    public ReadYourWrites(Projections projections, ProjectionProcessors processors, ProjectionPositions positions,
                          GlobalIndexes indexes, DeadLetterQueues deadLetters, ApiProperties properties) {
        this.projections = projections;
        this.processors = processors;
        this.positions = positions;
        this.indexes = indexes;
        this.deadLetters = deadLetters;
        this.timeout = properties.readModels().awaitTimeout();
    }

    /**
     * Waits until every projection that handles one of {@code eventTypes} shows the events with these identifiers,
     * which a write of this tenant has just committed; with none, until every projection shows everything committed
     * so far (what the write decided from may be anywhere).
     *
     * @param tenantId   the writing tenant, {@code null} when the write is no tenant's
     * @param eventTypes the payload types of those events: a projection that handles none of them shows nothing of
     *                   the write, and is not waited for, however far behind or stuck it is
     */
    public Visibility awaitEvents(String tenantId, Collection<String> eventIdentifiers,
                                  Collection<Class<?>> eventTypes) {
        Predicate<String> concerned = eventIdentifiers.isEmpty() ? name -> true
                : processors.handling(eventTypes)::contains;
        if (eventIdentifiers.isEmpty() || !indexes.available()) {
            return awaitCommitted(tenantId, eventIdentifiers, concerned);
        }
        SortedSet<Long> own = indexes.of(eventIdentifiers);
        if (own.size() != Set.copyOf(eventIdentifiers).size()) {
            // cannot happen for committed events; if it does, waiting for everything is still right
            return awaitCommitted(tenantId, eventIdentifiers, concerned);
        }
        return await(concerned, token -> own.stream().allMatch(position -> covers(token, position)), tenantId,
                eventIdentifiers);
    }

    /**
     * Waits until every projection shows every event committed so far.
     *
     * @return whether they did within the configured time
     */
    public boolean awaitCommitted() {
        return awaitCommitted(null, List.of(), name -> true) != Visibility.LATE;
    }

    private Visibility awaitCommitted(String tenantId, Collection<String> eventIdentifiers,
                                      Predicate<String> concerned) {
        TrackingToken head = projections.head();
        if (head == null) {
            return Visibility.VISIBLE;
        }
        long position = Projections.position(head);
        CommittedGaps committedGaps = new CommittedGaps(indexes::committed);
        return await(concerned, token -> covers(token, position) && !committedGaps.anyBelow(token, position),
                tenantId, eventIdentifiers);
    }

    private Visibility await(Predicate<String> concerned, Predicate<TrackingToken> shows, String tenantId,
                             Collection<String> eventIdentifiers) {
        long deadline = System.nanoTime() + timeout.toNanos();
        positions.expectChange();
        while (true) {
            long seen = positions.changes();
            Map<String, ProjectionPositions.Tracked> current = positions.current(concerned);
            if (current.isEmpty()) {
                return Visibility.VISIBLE;
            }
            if (everyProjection(current, shows)) {
                return heldBack(current, tenantId, eventIdentifiers) ? Visibility.HELD : Visibility.VISIBLE;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return Visibility.LATE;
            }
            try {
                positions.awaitChangeAfter(seen, Math.min(remaining, RECHECK_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Visibility.LATE;
            }
        }
    }

    /**
     * Whether a projection that has moved past the write parked one of its events: by their identifiers, or,
     * when the write appended none (or they are not known), by its tenant's sequence.
     */
    private boolean heldBack(Map<String, ProjectionPositions.Tracked> shown, String tenantId,
                             Collection<String> eventIdentifiers) {
        boolean anyParked = false;
        boolean tenantParked = false;
        for (ProjectionPositions.Tracked projection : shown.values()) {
            if (!projection.parked().isEmpty()) {
                anyParked = true;
                tenantParked |= tenantId != null && projection.parked().containsKey(tenantId);
            }
        }
        if (!anyParked) {
            return false;
        }
        return eventIdentifiers.isEmpty() ? tenantParked : deadLetters.holdsAny(eventIdentifiers);
    }

    private static boolean everyProjection(Map<String, ProjectionPositions.Tracked> current,
                                           Predicate<TrackingToken> shows) {
        for (ProjectionPositions.Tracked projection : current.values()) {
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
