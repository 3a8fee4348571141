package io.traceloom.api.readmodel;

import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.ProjectionProgress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;

/**
 * Positions as this process's own processors report them: exact and immediate, each batch a processor has
 * committed wakes the waiters ({@link ProjectionProgress}).
 */
public class LocalProcessorPositions implements ProjectionPositions {

    private final ProjectionProcessors processors;
    private final ProjectionProgress progress;
    private final DeadLetterQueues deadLetters;

    public LocalProcessorPositions(ProjectionProcessors processors, ProjectionProgress progress,
                                   DeadLetterQueues deadLetters) {
        this.processors = processors;
        this.progress = progress;
        this.deadLetters = deadLetters;
    }

    @Override
    public Map<String, Tracked> current() {
        return current(name -> true);
    }

    /**
     * The tokens first, what is parked second: a processor parks an event before its token moves past it, and this
     * process's queues know of it at once ({@link DeadLetterQueues#parked()}). Only the processors {@code named}
     * accepts are asked for their status: each answer is a copy of its segments' statuses, and a write waiting for
     * two projections asked all seventeen at every move of any of them.
     */
    @Override
    public Map<String, Tracked> current(Predicate<String> named) {
        Map<String, List<TrackingToken>> tokens = new LinkedHashMap<>();
        Map<String, StreamingEventProcessor> asked = new LinkedHashMap<>();
        processors.all().forEach((name, processor) -> {
            if (named.test(name)) {
                asked.put(name, processor);
                tokens.put(name, processor.processingStatus().values().stream()
                        .map(EventTrackerStatus::getTrackingToken).toList());
            }
        });
        Map<String, Map<String, Long>> parked = deadLetters.parked();
        Map<String, Tracked> current = new LinkedHashMap<>();
        asked.forEach((name, processor) -> current.put(name, new Tracked(processor.isRunning(), processor.isError(),
                tokens.get(name), parked.getOrDefault(name, Map.of()))));
        return current;
    }

    @Override
    public boolean writesHere() {
        return true;
    }

    @Override
    public long changes() {
        return progress.changes();
    }

    @Override
    public void awaitChangeAfter(long seen, long nanos) throws InterruptedException {
        progress.awaitChangeAfter(seen, nanos);
    }
}
