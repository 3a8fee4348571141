package io.traceloom.api.readmodel;

import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.ProjectionProgress;
import java.util.ArrayList;
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

    /**
     * The count of reported changes and every segment's token. Both: a processor's status shows a batch's
     * token before the processor reports the change (and a write waiting for it may see it there first), and
     * a rebuild's swap changes a read model with no token moving, reported by the count alone.
     */
    @Override
    public Object moment() {
        long changes = progress.changes();
        List<TrackingToken> tokens = new ArrayList<>();
        for (StreamingEventProcessor processor : processors.all().values()) {
            processor.processingStatus().values().forEach(status -> tokens.add(status.getTrackingToken()));
        }
        return new Moment(changes, tokens);
    }

    @Override
    public boolean precedes(Object moment, Object other) {
        return moment instanceof Moment earlier && other instanceof Moment later && earlier.precedes(later);
    }

    private record Moment(long changes, List<TrackingToken> tokens) {

        /**
         * Fewer changes reported; or as many, and no segment's token further and one behind (a status shows a batch's
         * token a little before its change is reported). Counts and tokens only grow, so this is the order in which
         * moments were taken.
         */
        boolean precedes(Moment other) {
            if (changes != other.changes) {
                return changes < other.changes;
            }
            if (tokens.size() != other.tokens.size()) {
                return false;
            }
            boolean behind = false;
            for (int i = 0; i < tokens.size(); i++) {
                long mine = Projections.position(tokens.get(i));
                long theirs = Projections.position(other.tokens.get(i));
                if (mine > theirs) {
                    return false;
                }
                behind |= mine < theirs;
            }
            return behind;
        }
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
