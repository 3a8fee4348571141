package io.traceloom.query.processing;

import com.mongodb.MongoException;
import io.traceloom.query.readmodel.ReadModelWriter;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.ListenerInvocationErrorHandler;
import org.axonframework.eventhandling.async.SequencingPolicy;
import org.axonframework.messaging.deadletter.Decisions;
import org.axonframework.messaging.deadletter.EnqueuePolicy;
import org.axonframework.messaging.deadletter.ThrowableCause;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * What a projection does when one of its handlers throws on an event.
 *
 * <p>When MongoDB does not answer or refuses (a {@link MongoException} or a {@link DataAccessException}
 * anywhere in the cause), nothing is wrong with the event: the next one would fail alike, for every tenant.
 * The batch fails and is handled again after a growing pause, as ever ({@link ProjectionFailures}), until the
 * database is back; parking the event would instead park every tenant's events one after the other while it is
 * away. A failure to write the batch's read models at its end ({@code ReadModelFlush}) is infrastructure by the
 * same rule: it is thrown after the handlers ran, never reaches the dead-letter queue, and the batch is retried.
 *
 * <p>Anything else a handler throws is the event's: the same event would fail the same way however often it is
 * tried. It is parked in the projection's dead-letter queue ({@link DeadLetterQueues}) with its sequence, the
 * writes its handlers made so far are taken back, and the batch goes on with the other sequences. Logged once,
 * with the stack trace: in a batch a handler only ever runs on an event whose sequence is not parked yet.
 */
final class PoisonEvents {

    private static final Logger log = LoggerFactory.getLogger(PoisonEvents.class);

    /**
     * Takes back what the handlers wrote for the failed event, then lets the failure go on to the dead-letter
     * queue (the default handler would swallow it and lose the event).
     */
    static final ListenerInvocationErrorHandler DISCARD_WRITES = (exception, event, handler) -> {
        ReadModelWriter.discardWritesOf(event);
        throw exception;
    };

    private PoisonEvents() {
    }

    /**
     * Whether to park an event whose handler threw. In a processor's batch (a rebuild's included), an
     * infrastructure failure is thrown on, failing the batch. Retried by an operator, an event that fails
     * again stays parked, with the new cause, whatever it is.
     *
     * @param projection the projection, for the log
     * @param sequencing the projection's sequencing policy, for the log
     * @param rebuild    whether the queue is a rebuild's
     */
    static EnqueuePolicy<EventMessage<?>> policy(String projection,
                                                 SequencingPolicy<? super EventMessage<?>> sequencing,
                                                 boolean rebuild) {
        return (letter, cause) -> {
            boolean inBatch = CurrentUnitOfWork.isStarted() && CurrentUnitOfWork.get() instanceof BatchingUnitOfWork;
            if (inBatch && isInfrastructure(cause)) {
                throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
            }
            if (inBatch) {
                EventMessage<?> event = letter.message();
                String sequence = DeadLetterQueues.sequenceName(sequencing.getSequenceIdentifierFor(event));
                log.warn("{} {} parks the events of {} from event {} ({}), which it cannot handle: {}. Every other "
                                + "sequence goes on; this one's later events wait in the dead-letter queue{}",
                        rebuild ? "The rebuild of projection" : "Projection", projection, sequence,
                        ProjectionFailures.position(event), event.getPayloadType().getSimpleName(),
                        ProjectionFailures.describe(cause), rebuild ? " of the rebuild"
                                : " until an operator retries it (POST /actuator/projections/" + projection + "/"
                                        + sequence + ") or evicts it (DELETE)", cause);
            }
            // Kept short; but Axon's Mongo queue wraps a cause given on a retry once more, so a short one is given
            // as it is there, keeping its type for the operators
            String message = cause.getMessage();
            boolean tooLong = message != null && message.length() > ThrowableCause.TRUNCATED_MESSAGE_SIZE;
            return Decisions.enqueue(inBatch || tooLong ? ThrowableCause.truncated(cause) : cause);
        };
    }

    /** Whether the failure is MongoDB's, which no dead letter would cure. */
    static boolean isInfrastructure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof MongoException || cause instanceof DataAccessException) {
                return true;
            }
        }
        return false;
    }
}
