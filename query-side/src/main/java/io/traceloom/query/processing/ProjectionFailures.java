package io.traceloom.query.processing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What keeps a projection from moving on. A projection never skips an event: when a handler throws or the
 * batch's read-model writes fail, the batch is rolled back, its token stays where it was, and the processor
 * handles the same events again after a pause that doubles from 1 s up to 60 s, until they succeed (see
 * {@link ProjectionProcessingConfiguration}). Meanwhile this remembers, per projection, the event it is stuck
 * at, since when and how often it was retried, for the projections endpoint, health and metrics, and forgets
 * it once a batch of that segment has been committed.
 *
 * <p>Logging stays quiet: one warning when a projection gets stuck (the processor adds the stack trace once,
 * then one line per retry with its pause) and one line when it moves on again.
 */
@Component
public class ProjectionFailures {

    private static final Logger log = LoggerFactory.getLogger(ProjectionFailures.class);

    /**
     * The event a projection cannot get past.
     *
     * @param eventType the event's payload type (simple name)
     * @param position  the event's global position in the store, or -1 where the store has none
     * @param error     the exception's type and message
     * @param since     when handling it first failed
     * @param retries   how often it has been retried since, each failing again
     */
    public record Failure(String eventType, long position, String error, Instant since, int retries) {
    }

    private record Key(String projection, int segment) {
    }

    private final Clock clock;
    private final Map<Key, Failure> failing = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> failedAttempts = new ConcurrentHashMap<>();

    public ProjectionFailures() {
        this(Clock.systemUTC());
    }

    ProjectionFailures(Clock clock) {
        this.clock = clock;
    }

    /** Where the projection is stuck now: the lowest failing event over its segments; empty when it is not. */
    public Optional<Failure> of(String projection) {
        return failing.entrySet().stream()
                .filter(entry -> entry.getKey().projection().equals(projection))
                .map(Map.Entry::getValue)
                .min(Comparator.comparingLong(Failure::position));
    }

    /** How many times handling a batch of this projection has failed since the start (a counter). */
    public long failedAttempts(String projection) {
        AtomicLong count = failedAttempts.get(projection);
        return count == null ? 0 : count.get();
    }

    /**
     * Watches the batches of one projection's processor: sees a failure on its way to the processor, and the
     * commit of the next batch that succeeds. Registered on every processor, outside every other interceptor,
     * so that failed read-model writes are seen too. (Registered on the projection's dead-letter queue as well,
     * where an operator's retry of parked events is no batch of the processor: its failure stops nothing.)
     */
    MessageHandlerInterceptor<EventMessage<?>> watch(String projection) {
        String segmentResource = "Processor[" + projection + "]/SegmentId";
        return (unitOfWork, chain) -> {
            if (!(unitOfWork instanceof BatchingUnitOfWork<?>)) {
                return chain.proceed();
            }
            Integer segmentId = unitOfWork.getResource(segmentResource);
            Key key = new Key(projection, segmentId == null ? 0 : segmentId);
            Object result;
            try {
                result = chain.proceed();
            } catch (Exception | Error e) {
                failed(key, unitOfWork.getMessage(), e);
                throw e;
            }
            if (failing.containsKey(key) && ((BatchingUnitOfWork<?>) unitOfWork).isLastMessage()) {
                unitOfWork.afterCommit(committed -> recovered(key));
            }
            return result;
        };
    }

    private void failed(Key key, EventMessage<?> event, Throwable error) {
        failedAttempts.computeIfAbsent(key.projection(), name -> new AtomicLong()).incrementAndGet();
        String type = event.getPayloadType().getSimpleName();
        long position = position(event);
        String message = describe(error);
        Failure before = failing.get(key);
        if (before == null) {
            failing.put(key, new Failure(type, position, message, clock.instant(), 0));
            log.warn("Projection {} cannot get past event {} ({}): {}. The event is not skipped: the projection "
                    + "retries it with a growing pause until it succeeds", key.projection(), position, type, message);
        } else {
            failing.put(key, new Failure(type, position, message, before.since(), before.retries() + 1));
        }
    }

    private void recovered(Key key) {
        Failure failure = failing.remove(key);
        if (failure != null) {
            log.info("Projection {} got past event {} ({}) after {} retries in {} s", key.projection(),
                    failure.position(), failure.eventType(), failure.retries(),
                    Duration.between(failure.since(), clock.instant()).toSeconds());
        }
    }

    static long position(EventMessage<?> event) {
        if (event instanceof TrackedEventMessage<?> tracked && tracked.trackingToken() != null) {
            return tracked.trackingToken().position().orElse(-1);
        }
        return -1;
    }

    /** The exception's type and message, and its root cause's where that says more: one line, no stack. */
    static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String outer = error.getClass().getSimpleName() + ": " + error.getMessage();
        return root == error ? outer : outer + " (caused by " + root.getClass().getSimpleName() + ": "
                + root.getMessage() + ")";
    }
}
