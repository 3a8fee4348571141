package io.traceloom.api.readmodel;

import io.traceloom.query.processing.ProjectionFailures;
import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.processing.ProjectionRebuilds;
import io.traceloom.query.processing.ProjectionRebuilds.Progress;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

/** The projections of this process (one streaming processor each), and where each stands. */
@Component
public class Projections {

    private final EventProcessingConfiguration processing;
    private final EventStore eventStore;
    private final ProjectionFailures failures;
    private final ProjectionRebuilds rebuilds;
    private volatile Map<String, StreamingEventProcessor> processors;

    public Projections(EventProcessingConfiguration processing, EventStore eventStore, ProjectionFailures failures,
                       ProjectionRebuilds rebuilds) {
        this.processing = processing;
        this.eventStore = eventStore;
        this.failures = failures;
        this.rebuilds = rebuilds;
    }

    /**
     * Where a projection stands, as operators see it (the projections endpoint, health, metrics).
     *
     * @param running   its processor runs
     * @param error     it is failing: handling a batch failed ({@code failure} says where) or its processor could
     *                  not read its token, and it retries with back-off
     * @param replaying a replay is rebuilding its read model beside the live one, which still serves reads
     * @param position  the position of the last event it has handled (the lowest over its segments), -1 if none
     * @param head      the position of the newest event in the store, -1 if none
     * @param lag       how many positions it is behind the head; {@code null} while its processor holds no
     *                  segment (starting, or for a moment at the end of a replay)
     * @param failure   the event it cannot get past, or {@code null}
     * @param replay    how far its replay is, or {@code null}
     */
    public record Status(boolean running, boolean error, boolean replaying, long position, long head, Long lag,
                         Failure failure, Progress replay) {
    }

    /**
     * By processing group name, sorted. Looked up once they exist: every write checks them (read your
     * writes), and the set does not change while the service runs.
     */
    public Map<String, StreamingEventProcessor> all() {
        Map<String, StreamingEventProcessor> known = processors;
        if (known == null) {
            Map<String, StreamingEventProcessor> found = new TreeMap<>();
            processing.eventProcessors().forEach((name, processor) -> {
                if (processor instanceof StreamingEventProcessor streaming) {
                    found.put(name, streaming);
                }
            });
            known = Collections.unmodifiableMap(found);
            if (!found.isEmpty()) {
                processors = known;
            }
        }
        return known;
    }

    /** The position of the newest event in the store, or {@code null} when it holds none. */
    public TrackingToken head() {
        return eventStore.createHeadToken();
    }

    /** Every projection's status, by name. */
    public Map<String, Status> statuses() {
        long head = position(head());
        Map<String, Status> statuses = new LinkedHashMap<>();
        all().forEach((name, processor) -> statuses.put(name, status(name, processor, head)));
        return statuses;
    }

    /** The projection's status; empty when there is no projection of that name. */
    public Optional<Status> status(String name) {
        StreamingEventProcessor processor = all().get(name);
        return processor == null ? Optional.empty() : Optional.of(status(name, processor, position(head())));
    }

    /** The event the projection cannot get past, if any. */
    public Optional<Failure> failure(String name) {
        return failures.of(name);
    }

    /** How many times handling a batch of the projection has failed since the start. */
    public long failedAttempts(String name) {
        return failures.failedAttempts(name);
    }

    /** How far the projection's replay is; empty when none runs. */
    public Optional<Progress> replay(String name) {
        return rebuilds.progress(name);
    }

    /** How many positions the projection is behind the head of the store; empty while that is unknown. */
    public OptionalLong lag(String name) {
        StreamingEventProcessor processor = all().get(name);
        OptionalLong position = processor == null ? OptionalLong.empty() : position(processor);
        return position.isEmpty() ? position : OptionalLong.of(Math.max(0, position(head()) - position.getAsLong()));
    }

    private Status status(String name, StreamingEventProcessor processor, long head) {
        OptionalLong position = position(processor);
        Progress replay = rebuilds.progress(name).orElse(null);
        Failure failure = failures.of(name).orElse(null);
        return new Status(processor.isRunning(), failure != null || processor.isError(), replay != null,
                position.orElse(-1), head, position.isEmpty() ? null : Math.max(0, head - position.getAsLong()),
                failure, replay);
    }

    /** The lowest position any segment of the processor has reached; empty before it has claimed any. */
    public static OptionalLong position(StreamingEventProcessor processor) {
        long lowest = Long.MAX_VALUE;
        Map<Integer, EventTrackerStatus> status = processor.processingStatus();
        if (status.isEmpty()) {
            return OptionalLong.empty();
        }
        for (EventTrackerStatus segment : status.values()) {
            lowest = Math.min(lowest, segment.getCurrentPosition().orElse(-1));
        }
        return OptionalLong.of(lowest);
    }

    public static long position(TrackingToken token) {
        return token == null ? -1 : token.position().orElse(-1);
    }
}
