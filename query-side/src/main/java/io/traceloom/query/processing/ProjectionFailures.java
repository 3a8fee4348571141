package io.traceloom.query.processing;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.slf4j.Logger;
import org.bson.Document;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/**
 * What keeps a projection from moving on. A projection never skips an event: when a handler throws or the
 * batch's read-model writes fail, the batch is rolled back, its token stays where it was, and the processor
 * handles the same events again after a pause that doubles from 1 s up to 60 s, until they succeed (see
 * {@link ProjectionProcessingConfiguration}). Meanwhile this remembers, per projection, the event it is stuck
 * at, since when and how often it was retried, for the projections endpoint, health and metrics, and forgets
 * it once a batch of that segment has been committed. It records the same in MongoDB ({@value #COLLECTION}),
 * which every process of a deployment shares, so that a process that does not run the projection (role
 * {@code api}) reports it stuck too ({@link #recorded}).
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

    /** Where every process records what its projections are stuck at, for the others to see. */
    public static final String COLLECTION = "projectionfailures";

    private final Clock clock;
    private final MongoCollection<Document> shared;
    private final Map<Key, Failure> failing = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> failedAttempts = new ConcurrentHashMap<>();

    @Autowired
    public ProjectionFailures(MongoTemplate mongo) {
        this(Clock.systemUTC(), mongo.getDb().getCollection(COLLECTION));
    }

    ProjectionFailures(Clock clock) {
        this(clock, null);
    }

    ProjectionFailures(Clock clock, MongoCollection<Document> shared) {
        this.clock = clock;
        this.shared = shared;
    }

    /** Where the projection is stuck now: the lowest failing event over its segments; empty when it is not. */
    public Optional<Failure> of(String projection) {
        return failing.entrySet().stream()
                .filter(entry -> entry.getKey().projection().equals(projection))
                .map(Map.Entry::getValue)
                .min(Comparator.comparingLong(Failure::position));
    }

    /**
     * What the projection's segments are stuck at as the processes that work on them recorded it in the shared
     * MongoDB (this process's own among them), by segment: for a process that does not run the projection (role
     * {@code api}, a standby). A record outlives its process when that process dies while stuck; the reader
     * checks it against where the segment stands now (a segment past the event is no longer stuck there).
     */
    public Map<Integer, Failure> recorded(String projection) {
        Map<Integer, Failure> recorded = new TreeMap<>();
        if (shared == null) {
            return recorded;
        }
        try {
            for (Document document : shared.find(Filters.eq("projection", projection))) {
                recorded.put(document.getInteger("segment"), new Failure(document.getString("eventType"),
                        document.get("position", Number.class).longValue(), document.getString("error"),
                        document.getDate("since").toInstant(), document.getInteger("retries")));
            }
        } catch (RuntimeException e) {
            log.debug("Cannot read what the projections are stuck at from MongoDB", e);
        }
        return recorded;
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
        Failure now = before == null ? new Failure(type, position, message, clock.instant(), 0)
                : new Failure(type, position, message, before.since(), before.retries() + 1);
        failing.put(key, now);
        share(key, now);
        if (before == null) {
            log.warn("Projection {} cannot get past event {} ({}): {}. The event is not skipped: the projection "
                    + "retries it with a growing pause until it succeeds", key.projection(), position, type, message);
        }
    }

    /**
     * Records the failure where every process sees it. Best effort: when MongoDB is what fails, this fails too,
     * and the other processes see the projection stand still instead.
     */
    private void share(Key key, Failure failure) {
        if (shared == null) {
            return;
        }
        try {
            shared.replaceOne(Filters.eq("_id", key.projection() + "/" + key.segment()), new Document("_id",
                            key.projection() + "/" + key.segment())
                            .append("projection", key.projection()).append("segment", key.segment())
                            .append("eventType", failure.eventType()).append("position", failure.position())
                            .append("error", failure.error()).append("since", Date.from(failure.since()))
                            .append("retries", failure.retries()),
                    new ReplaceOptions().upsert(true));
        } catch (RuntimeException e) {
            log.debug("Cannot record in MongoDB that projection {} is stuck", key.projection(), e);
        }
    }

    private void recovered(Key key) {
        Failure failure = failing.remove(key);
        if (shared != null) {
            try {
                shared.deleteOne(Filters.eq("_id", key.projection() + "/" + key.segment()));
            } catch (RuntimeException e) {
                log.debug("Cannot record in MongoDB that projection {} moved on", key.projection(), e);
            }
        }
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
