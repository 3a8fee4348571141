package io.traceloom.query.processing;

import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.readmodel.ReadModelRebuild;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.MultiEventHandlerInvoker;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.axonframework.eventhandling.deadletter.DeadLetteringEventHandlerInvoker;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/**
 * Replays a projection without serving wrong data meanwhile: the projection's read models are rebuilt from
 * the first event into collections of their own ({@link ReadModelRebuild}), while the projection keeps
 * running on the live ones, so reads stay complete and current, and writes keep waiting only for it, as
 * always (never for the rebuild).
 *
 * <p>Once the rebuild has reached the head the store had when it started, and the live projection's
 * position, the projection's processor is stopped for a moment: the rebuild catches up with the token the
 * processor stored, the rebuilt collections take the place of the live ones, the processor's token is set
 * to where the rebuild stands, and the processor starts again from there. Events the rebuild saw are not
 * handled twice. The swap waits until the rebuild's token covers the processor's, gaps included: an event the
 * rebuild passed while it was still committing (a gap in its token) but the processor has handled since is
 * caught up first, so the swapped-in read model never lacks an event the live one showed. Events neither has seen
 * yet the processor handles after the swap, as it always does. Reads see the live read model until the swap and the rebuilt
 * one after, never one going back in time.
 *
 * <p>An event the projection cannot handle is parked, with the rest of its sequence, as the processor parks it
 * ({@link PoisonEvents}), but in a dead-letter queue of the rebuild's own: the rebuild starts the read model
 * afresh, and its dead letters with it. At the swap, what the rebuild parked takes the place of what the
 * processor had (nothing, when the cause has been fixed since). A batch that fails otherwise (MongoDB) is
 * retried with a pause doubling from 1 s to 60 s, one log line each time, as the processor does; the rebuild
 * reports where it is stuck. Assumes, as everywhere so far, that this process runs the projection's processor
 * (all of its segments).
 */
@Component
public class ProjectionRebuilds implements DisposableBean {

    /**
     * How far a rebuild is.
     *
     * @param startedAt            when it started
     * @param head                 the position of the newest event in the store when it started: it runs at least
     *                             that far
     * @param position             the position of the last event it has handled (-1 before the first)
     * @param eventsPerSecond      events it has handled per second since it started
     * @param estimatedSecondsLeft at that pace, how long until it reaches the newest event in the store now;
     *                             {@code null} until it has handled an event
     * @param failure              the event it cannot get past, or {@code null}
     */
    public record Progress(Instant startedAt, long head, long position, double eventsPerSecond,
                           Long estimatedSecondsLeft, Failure failure) {
    }

    private final EventProcessingConfiguration processing;
    final EventStore eventStore;
    final TokenStore tokenStore;
    final MongoTemplate mongo;
    final ProjectionProgress progress;
    final DeadLetterQueues deadLetters;
    final int batchSize;
    final Map<String, ProjectionRebuild> running = new ConcurrentHashMap<>();

    public ProjectionRebuilds(EventProcessingConfiguration processing, EventStore eventStore, TokenStore tokenStore,
                              MongoTemplate mongo, ProjectionProgress progress, DeadLetterQueues deadLetters,
                              QuerySideProperties properties) {
        this.processing = processing;
        this.eventStore = eventStore;
        this.tokenStore = tokenStore;
        this.mongo = mongo;
        this.progress = progress;
        this.deadLetters = deadLetters;
        this.batchSize = properties.batchSize();
    }

    /**
     * Starts rebuilding the projection (the processing group of that name).
     *
     * @return false when a rebuild of it is running already
     * @throws IllegalArgumentException when there is no such projection
     */
    public boolean start(String projection) {
        StreamingEventProcessor processor = processing.eventProcessor(projection, StreamingEventProcessor.class)
                .orElseThrow(() -> new IllegalArgumentException("No projection " + projection));
        if (!(processor instanceof AbstractEventProcessor handlers)
                || !(handlersOf(handlers.eventHandlerInvoker()) instanceof SimpleEventHandlerInvoker live)) {
            throw new IllegalArgumentException("Projection " + projection + " cannot be rebuilt");
        }
        if (running.containsKey(projection)) {
            return false;
        }
        ProjectionRebuild rebuild = new ProjectionRebuild(this, projection, processor,
                rebuildHandlers(projection, live), position(eventStore.createHeadToken()));
        if (running.putIfAbsent(projection, rebuild) != null) {
            return false;
        }
        rebuild.start();
        return true;
    }

    /** The invoker of the projection's handlers: its processor's, which Axon wraps as one of several. */
    private static EventHandlerInvoker handlersOf(EventHandlerInvoker invoker) {
        return invoker instanceof MultiEventHandlerInvoker multi && multi.delegates().size() == 1
                ? multi.delegates().get(0) : invoker;
    }

    /** The projection's handlers, as its processor has them, parking what they cannot handle in the rebuild's queue. */
    private EventHandlerInvoker rebuildHandlers(String projection, SimpleEventHandlerInvoker live) {
        return DeadLetteringEventHandlerInvoker.builder()
                .eventHandlers(live.eventHandlers())
                .sequencingPolicy(live.getSequencingPolicy())
                .queue(deadLetters.rebuildQueue(projection))
                .enqueuePolicy(PoisonEvents.policy(projection, live.getSequencingPolicy(), true))
                .listenerInvocationErrorHandler(PoisonEvents.DISCARD_WRITES)
                .transactionManager(NoTransactionManager.instance())
                .enableSequenceIdentifierCache()
                .allowReset(true) // the reset at its start clears what an unfinished rebuild left
                .build();
    }

    /** How far the running rebuild of the projection is; empty when none runs. */
    public Optional<Progress> progress(String projection) {
        return Optional.ofNullable(running.get(projection)).map(ProjectionRebuild::progress);
    }

    /**
     * Gives up the running rebuild of the projection, if any: its collections are dropped, the live read
     * model is left as it is.
     */
    public void cancel(String projection) {
        ProjectionRebuild rebuild = running.get(projection);
        if (rebuild != null) {
            rebuild.cancel();
            rebuild.awaitEnd();
        }
    }

    @Override
    public void destroy() {
        running.values().forEach(ProjectionRebuild::cancel);
        running.values().forEach(ProjectionRebuild::awaitEnd);
    }

    static long position(TrackingToken token) {
        return token == null ? -1 : token.position().orElse(-1);
    }

    /**
     * The positions some live token has seen (at or below its index, not among its gaps) that the rebuild's token
     * has not, because they are gaps of it: the events the rebuilt read model may still lack. Positions above the
     * rebuild's index are not listed (the rebuild is behind in position then, which is checked apart).
     */
    static SortedSet<Long> unseen(TrackingToken rebuild, Collection<TrackingToken> live) {
        SortedSet<Long> unseen = new TreeSet<>();
        TrackingToken rebuilt = rebuild == null ? null : WrappedToken.unwrapLowerBound(rebuild);
        if (!(rebuilt instanceof GapAwareTrackingToken gapAware) || gapAware.getGaps().isEmpty()) {
            return unseen;
        }
        for (TrackingToken token : live) {
            TrackingToken current = token == null ? null : WrappedToken.unwrapLowerBound(token);
            if (current == null) {
                continue;
            }
            long index = position(current);
            Set<Long> liveGaps = current instanceof GapAwareTrackingToken liveGapAware ? liveGapAware.getGaps()
                    : Set.of();
            for (long gap : gapAware.getGaps().headSet(index + 1)) {
                if (!liveGaps.contains(gap)) {
                    unseen.add(gap);
                }
            }
        }
        return unseen;
    }
}
