package io.traceloom.api.readmodel;

import io.traceloom.api.readmodel.ProjectionPositions.Tracked;
import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.DeadLetterQueues.ParkedSequence;
import io.traceloom.query.processing.ProjectionFailures;
import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.processing.ProjectionRebuilds;
import io.traceloom.query.processing.ProjectionRebuilds.Progress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/**
 * The projections and where each stands: as this process's processors report it where they run here, else
 * as the token store holds it ({@link ProjectionPositions}).
 */
@Component
public class Projections {

    private final ProjectionProcessors processors;
    private final ProjectionPositions positions;
    private final EventStore eventStore;
    private final ProjectionFailures failures;
    private final ProjectionRebuilds rebuilds;
    private final DeadLetterQueues deadLetters;

    public Projections(ProjectionProcessors processors, ProjectionPositions positions, EventStore eventStore,
                       ProjectionFailures failures, ProjectionRebuilds rebuilds, DeadLetterQueues deadLetters) {
        this.processors = processors;
        this.positions = positions;
        this.eventStore = eventStore;
        this.failures = failures;
        this.rebuilds = rebuilds;
        this.deadLetters = deadLetters;
    }

    /**
     * Where a projection stands, as operators see it (the projections endpoint, health, metrics).
     *
     * @param running   its processor runs (outside role {@code all}: a process holds a live claim on a segment)
     * @param error     it is failing: handling a batch failed ({@code failure} says where) or its processor could
     *                  not read its token, and it retries with back-off
     * @param replaying a replay is rebuilding its read model beside the live one, which still serves reads
     * @param position  the position of the last event it has handled (the lowest over its segments), -1 if none
     * @param head      the position of the newest event in the store, -1 if none
     * @param lag       how many positions it is behind the head; {@code null} while no segment of it is worked on
     *                  (starting, or for a moment at the end of a replay)
     * @param failure   the event it cannot get past, or {@code null}
     * @param replay    how far its replay is, or {@code null}
     * @param parked    the sequences (tenants) whose events wait in its dead-letter queue, by the position of
     *                  their first: an event it could not handle, why, since when, and how many wait behind it
     */
    public record Status(boolean running, boolean error, boolean replaying, long position, long head, Long lag,
                         Failure failure, Progress replay, List<ParkedSequence> parked) {
    }

    /** The processors of the projections declared here, by processing group name, sorted. */
    public Map<String, StreamingEventProcessor> all() {
        return processors.all();
    }

    /** The position of the newest event in the store, or {@code null} when it holds none. */
    public TrackingToken head() {
        return eventStore.createHeadToken();
    }

    /** Every projection's status, by name. */
    public Map<String, Status> statuses() {
        long head = position(head());
        Map<String, Status> statuses = new LinkedHashMap<>();
        positions.current().forEach((name, tracked) -> statuses.put(name, status(name, tracked, head)));
        return statuses;
    }

    /** The projection's status; empty when there is no projection of that name. */
    public Optional<Status> status(String name) {
        Tracked tracked = positions.current().get(name);
        return tracked == null ? Optional.empty() : Optional.of(status(name, tracked, position(head())));
    }

    /**
     * The event the projection cannot get past, if any: as this process's processor reports it, else, where
     * another process runs it (roles {@code api} and {@code projections}), as that process recorded it in the
     * shared MongoDB, while the segment's token in the token store is still before the event.
     */
    public Optional<Failure> failure(String name) {
        Optional<Failure> here = failures.of(name);
        if (here.isPresent() || positions instanceof LocalProcessorPositions) {
            return here;
        }
        return failure(failures.recorded(name), positions.current().get(name));
    }

    /** The lowest recorded failure that some segment has not got past yet. */
    static Optional<Failure> failure(Map<Integer, Failure> recorded, Tracked tracked) {
        if (recorded.isEmpty() || tracked == null) {
            return Optional.empty();
        }
        return recorded.values().stream()
                .filter(failure -> tracked.segments().isEmpty() || tracked.segments().stream()
                        .anyMatch(token -> !ReadYourWrites.covers(token, failure.position())))
                .min(java.util.Comparator.comparingLong(Failure::position));
    }

    /** How many times handling a batch of the projection has failed since the start (here). */
    public long failedAttempts(String name) {
        return failures.failedAttempts(name);
    }

    /** The sequences the projection has parked, and how many events wait in each (none: empty). */
    public Map<String, Long> parked(String name) {
        Tracked tracked = positions.current().get(name);
        return tracked == null ? Map.of() : tracked.parked();
    }

    /** How far the projection's replay is; empty when none runs here. */
    public Optional<Progress> replay(String name) {
        return rebuilds.progress(name);
    }

    /** How many positions the projection is behind the head of the store; empty while that is unknown. */
    public OptionalLong lag(String name) {
        Tracked tracked = positions.current().get(name);
        OptionalLong position = tracked == null ? OptionalLong.empty() : lowest(tracked.segments());
        return position.isEmpty() ? position : OptionalLong.of(Math.max(0, position(head()) - position.getAsLong()));
    }

    private Status status(String name, Tracked tracked, long head) {
        OptionalLong position = lowest(tracked.segments());
        Progress replay = rebuilds.progress(name).orElse(null);
        Failure failure = failure(name).orElse(null);
        StreamingEventProcessor processor = processors.all().get(name);
        boolean error = failure != null || tracked.error() || processor != null && processor.isError();
        return new Status(tracked.running(), error, replay != null,
                position.orElse(-1), head, position.isEmpty() ? null : Math.max(0, head - position.getAsLong()),
                failure, replay, tracked.parked().isEmpty() ? List.of() : deadLetters.details(name));
    }

    /** The lowest position any of these segments has reached (-1 for one before its first event); empty if none. */
    public static OptionalLong lowest(List<TrackingToken> segments) {
        return segments.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(segments.stream().mapToLong(Projections::position).min().orElseThrow());
    }

    public static long position(TrackingToken token) {
        return token == null ? -1 : token.position().orElse(-1);
    }
}
