package io.traceloom.query.processing;

import io.traceloom.query.processing.DeadLetterQueues.ParkedSequence;
import java.util.Optional;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.extensions.mongo.eventhandling.deadletter.MongoDeadLetter;
import org.axonframework.messaging.deadletter.SequencedDeadLetterProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What an operator does with a parked sequence once its cause is fixed ({@link DeadLetterQueues}): retry it,
 * so that its events reach the read model in their order, or evict it, dropping them from the read model
 * (they stay in the event store, and a replay of the projection tries them again).
 *
 * <p>Either works from any process: the queue is in the MongoDB every process shares, and Axon claims a
 * sequence's events there while one process retries them. The projection's processor goes on meanwhile; an
 * event of the sequence it meets while the retry runs joins the queue's end, and the retry takes it too.
 */
@Component
public class ParkedSequences {

    private static final Logger log = LoggerFactory.getLogger(ParkedSequences.class);
    /** A retry handles the sequence to its end; events that joined it meanwhile are taken in a few more rounds. */
    private static final int ROUNDS = 10;

    /**
     * What a retry did.
     *
     * @param projection the projection
     * @param sequence   the sequence retried
     * @param parked     what still waits, and why, or {@code null} when every event of it reached the read model
     */
    public record Retried(String projection, String sequence, ParkedSequence parked) {
    }

    private final EventProcessingConfiguration processing;
    private final DeadLetterQueues queues;
    private final ProjectionProgress progress;

    public ParkedSequences(EventProcessingConfiguration processing, DeadLetterQueues queues,
                           ProjectionProgress progress) {
        this.processing = processing;
        this.queues = queues;
        this.progress = progress;
    }

    /**
     * Hands the sequence's events to the projection again, in order, up to the first that fails again (which,
     * with those after it, stays parked with its new cause).
     *
     * @return empty when the projection parks no such sequence
     * @throws IllegalArgumentException when there is no such projection
     */
    public Optional<Retried> retry(String projection, String sequence) {
        SequencedDeadLetterProcessor<EventMessage<?>> retries = processing.sequencedDeadLetterProcessor(projection)
                .orElseThrow(() -> new IllegalArgumentException("No projection " + projection));
        if (!queues.holds(projection, sequence)) {
            return Optional.empty();
        }
        try {
            for (int round = 0; round < ROUNDS && queues.holds(projection, sequence); round++) {
                if (!retries.process(letter -> letter instanceof MongoDeadLetter<?> stored
                        && sequence.equals(stored.sequenceIdentifier()))) {
                    break;
                }
            }
        } finally {
            progress.moved(); // read models changed, though no position did
        }
        ParkedSequence parked = queues.details(projection).stream()
                .filter(one -> one.sequence().equals(sequence)).findFirst().orElse(null);
        if (parked == null) {
            log.info("Projection {} handled the parked events of {}; the sequence goes on", projection, sequence);
        } else {
            log.warn("Projection {} retried the parked events of {}; {} still wait, from event {} ({}): {}", projection,
                    sequence, parked.events(), parked.position(), parked.eventType(), parked.error());
        }
        return Optional.of(new Retried(projection, sequence, parked));
    }

    /**
     * Drops the sequence's parked events: its read model goes on without them.
     *
     * @return how many were dropped; empty when the projection parks no such sequence
     * @throws IllegalArgumentException when there is no such projection
     */
    public Optional<Long> evict(String projection, String sequence) {
        processing.sequencedDeadLetterProcessor(projection)
                .orElseThrow(() -> new IllegalArgumentException("No projection " + projection));
        long evicted = queues.evict(projection, sequence);
        if (evicted == 0) {
            return Optional.empty();
        }
        log.warn("Projection {} dropped the {} parked events of {}: its read model goes on without them (they stay "
                + "in the event store; a replay of the projection tries them again)", projection, evicted, sequence);
        return Optional.of(evicted);
    }
}
