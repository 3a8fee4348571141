package io.traceloom.api.readmodel;

import java.util.Collections;
import java.util.Map;
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
    private volatile Map<String, StreamingEventProcessor> processors;

    public Projections(EventProcessingConfiguration processing, EventStore eventStore) {
        this.processing = processing;
        this.eventStore = eventStore;
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
