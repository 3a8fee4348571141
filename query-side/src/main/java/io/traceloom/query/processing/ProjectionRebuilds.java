package io.traceloom.query.processing;

import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.readmodel.ReadModelRebuild;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.MultiEventHandlerInvoker;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.axonframework.eventhandling.deadletter.DeadLetteringEventHandlerInvoker;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private static final Logger log = LoggerFactory.getLogger(ProjectionRebuilds.class);
    private static final long POLL_MILLIS = 100;
    private static final long MAX_PAUSE_SECONDS = 60;

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
    private final EventStore eventStore;
    private final TokenStore tokenStore;
    private final MongoTemplate mongo;
    private final ProjectionProgress progress;
    private final DeadLetterQueues deadLetters;
    private final int batchSize;
    private final Map<String, Rebuild> running = new ConcurrentHashMap<>();

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
        Rebuild rebuild = new Rebuild(projection, processor, rebuildHandlers(projection, live),
                position(eventStore.createHeadToken()));
        if (running.putIfAbsent(projection, rebuild) != null) {
            return false;
        }
        rebuild.thread.start();
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
        return Optional.ofNullable(running.get(projection)).map(Rebuild::progress);
    }

    /**
     * Gives up the running rebuild of the projection, if any: its collections are dropped, the live read
     * model is left as it is.
     */
    public void cancel(String projection) {
        Rebuild rebuild = running.get(projection);
        if (rebuild != null) {
            rebuild.cancel();
            rebuild.awaitEnd();
        }
    }

    @Override
    public void destroy() {
        running.values().forEach(Rebuild::cancel);
        running.values().forEach(Rebuild::awaitEnd);
    }

    private static long position(TrackingToken token) {
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

    private final class Rebuild implements Runnable {

        private final String projection;
        private final StreamingEventProcessor processor;
        private final EventHandlerInvoker handlers;
        private final long head;
        private final Instant startedAt = Instant.now();
        private final long startedNanos = System.nanoTime();
        private final ReadModelRebuild readModels = new ReadModelRebuild(mongo);
        private final Thread thread;
        private volatile boolean cancelled;
        private boolean swapping;
        private volatile TrackingToken token;
        private volatile long position = -1;
        private volatile Failure failure;
        private volatile long events;

        Rebuild(String projection, StreamingEventProcessor processor, EventHandlerInvoker handlers, long head) {
            this.projection = projection;
            this.processor = processor;
            this.handlers = handlers;
            this.head = head;
            this.thread = new Thread(this, "rebuild-" + projection);
            thread.setDaemon(true);
        }

        Progress progress() {
            long handled = events;
            double seconds = Math.max(1e-3, (System.nanoTime() - startedNanos) / 1e9);
            double perSecond = handled / seconds;
            Long secondsLeft = null;
            if (handled > 0) {
                long left = Math.max(0, position(eventStore.createHeadToken()) - position);
                secondsLeft = (long) Math.ceil(left / perSecond);
            }
            return new Progress(startedAt, head, position, Math.round(perSecond * 10) / 10.0, secondsLeft, failure);
        }

        /**
         * Too late once the swap has begun: it finishes quickly, and half a swap helps nobody. Sets a flag the
         * rebuild looks at between batches, and ends a pause before a retry; it never interrupts the thread, which
         * may be reading the event store: an interrupt during the embedded store's file I/O closes its file.
         */
        synchronized void cancel() {
            if (!swapping) {
                cancelled = true;
                notifyAll();
            }
        }

        /** Waits before a retry, until the time is up or the rebuild is given up. */
        private synchronized void pause(long seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            for (long left = deadline - System.nanoTime(); !cancelled && left > 0; left = deadline - System.nanoTime()) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        private synchronized boolean beginSwap() {
            swapping = !cancelled;
            return swapping;
        }

        void awaitEnd() {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void run() {
            long started = System.nanoTime();
            boolean swapped = false;
            log.info("Rebuilding projection {} from the first event up to at least event {}, beside its live read "
                    + "model, which keeps serving reads until the rebuilt one has caught up", projection, head);
            try {
                readModels.run(handlers::performReset);
                try (BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(null)) {
                    // near enough: the last stretch is caught up with the live processor stopped (switchOver).
                    // Waiting to be level with a processor that moves on with every write would never end
                    // while writes come faster than a batch of the rebuild takes.
                    catchUp(stream, () -> position >= head && livePosition() - position <= batchSize);
                    swapped = !cancelled && switchOver(stream);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                if (!cancelled) {
                    log.error("Rebuild of projection {} failed; its live read model stays as it was", projection, e);
                }
            } finally {
                if (swapped) {
                    log.info("Projection {} rebuilt from {} events in {} ms; reads now see the rebuilt read model",
                            projection, events, Duration.ofNanos(System.nanoTime() - started).toMillis());
                } else {
                    discard();
                }
                running.remove(projection, this);
            }
        }

        /**
         * Stops the live processor, catches up with its stored token, swaps the collections, hands the processor
         * the rebuild's token and starts it again. Writes wait for the processor as always, for this moment.
         */
        private boolean switchOver(BlockingStream<TrackedEventMessage<?>> stream) throws Exception {
            boolean wasRunning = processor.isRunning();
            processor.shutDown();
            int[] segments = tokenStore.fetchSegments(projection);
            try {
                long stored = -1;
                List<TrackingToken> liveTokens = new ArrayList<>();
                for (int segment : segments) {
                    // claims the segment for this process, which the processor's restart will reuse
                    TrackingToken liveToken = tokenStore.fetchToken(projection, segment);
                    liveTokens.add(liveToken);
                    stored = Math.max(stored, position(liveToken));
                }
                long live = stored;
                // level in position is not enough: the rebuild may have passed an event still committing (a gap in
                // its token) that the live processor has handled since; swapped in then, the read model would lack
                // it for a moment. So the rebuild's token must cover the live ones, gaps included.
                Map<Long, Boolean> committed = new java.util.HashMap<>();
                catchUp(stream, () -> position >= live && unseen(token, liveTokens).stream()
                        .noneMatch(gap -> committed.computeIfAbsent(gap, this::holdsAnEvent)));
                if (!beginSwap()) {
                    return false;
                }
                readModels.swap();
                deadLetters.replaceWithRebuilt(projection);
                progress.moved(); // the read model changed, though no position did: views read before are old
                try {
                    for (int segment : segments) {
                        if (token != null) {
                            tokenStore.storeToken(token, projection, segment);
                        }
                    }
                } catch (RuntimeException e) {
                    log.error("Projection {} was rebuilt, but its processor's position could not be set to the "
                            + "rebuild's; it goes on from its own. Replay it again to be sure.", projection, e);
                }
                return true;
            } finally {
                for (int segment : segments) {
                    try {
                        tokenStore.releaseClaim(projection, segment);
                    } catch (RuntimeException e) {
                        log.debug("Could not release segment {} of {}", segment, projection, e);
                    }
                }
                if (wasRunning) {
                    processor.start();
                    awaitClaimed();
                }
            }
        }

        /**
         * Whether an event is committed at this position of the store: a gap of the rebuild's token that the live
         * token does not have is either an event the live processor handled (and the rebuild's stream delivers it
         * soon), or a position no event fills (an append rolled back, a gap the live token has dropped as too old).
         */
        private boolean holdsAnEvent(long gap) {
            try (BlockingStream<TrackedEventMessage<?>> probe =
                         eventStore.openStream(GapAwareTrackingToken.newInstance(gap - 1, List.of()))) {
                return probe.hasNextAvailable(5, TimeUnit.SECONDS)
                        && position(probe.nextAvailable().trackingToken()) == gap;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }

        /** The replay is over once the processor is back at work: it has claimed its segments again. */
        private void awaitClaimed() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (processor.processingStatus().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }

        private long livePosition() {
            long highest = -1;
            for (EventTrackerStatus segment : processor.processingStatus().values()) {
                highest = Math.max(highest, segment.getCurrentPosition().orElse(-1));
            }
            return highest;
        }

        private void catchUp(BlockingStream<TrackedEventMessage<?>> stream, BooleanSupplier done) throws Exception {
            while (!done.getAsBoolean()) {
                checkNotCancelled();
                if (!stream.hasNextAvailable((int) POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                List<TrackedEventMessage<?>> batch = new ArrayList<>();
                do {
                    batch.add(stream.nextAvailable());
                } while (batch.size() < batchSize && stream.hasNextAvailable());
                handle(batch);
                token = batch.get(batch.size() - 1).trackingToken();
                position = Math.max(position, position(token));
                events += batch.size();
            }
        }

        private void handle(List<TrackedEventMessage<?>> batch) throws InterruptedException {
            EventMessage<?>[] current = new EventMessage<?>[1];
            for (int retries = 0; ; retries++) {
                checkNotCancelled();
                try {
                    readModels.handle(batch, event -> {
                        current[0] = event;
                        if (handlers.canHandle(event, Segment.ROOT_SEGMENT)) {
                            handlers.handle(event, Segment.ROOT_SEGMENT);
                        }
                    });
                    if (failure != null) {
                        log.info("Rebuild of projection {} got past event {} after {} retries", projection,
                                failure.position(), failure.retries());
                        failure = null;
                    }
                    return;
                } catch (Exception e) {
                    checkNotCancelled();
                    long pause = Math.min(1L << Math.min(retries, 6), MAX_PAUSE_SECONDS);
                    EventMessage<?> event = current[0] != null ? current[0] : batch.get(0);
                    String error = ProjectionFailures.describe(e);
                    long at = ProjectionFailures.position(event);
                    failure = new Failure(event.getPayloadType().getSimpleName(), at, error,
                            failure == null ? Instant.now() : failure.since(), retries);
                    if (retries == 0) {
                        log.warn("Rebuild of projection {} cannot get past event {} ({}); retrying in {} s", projection,
                                at, failure.eventType(), pause, e);
                    } else {
                        log.warn("Rebuild of projection {} still cannot get past event {} ({}): {}; retry {} in {} s",
                                projection, at, failure.eventType(), error, retries, pause);
                    }
                    pause(pause);
                }
            }
        }

        private void checkNotCancelled() throws InterruptedException {
            if (cancelled || Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("rebuild of " + projection + " cancelled");
            }
        }

        private void discard() {
            Thread.interrupted(); // nothing should have interrupted it, but the driver refuses to work in one that is
            try {
                readModels.discard();
                deadLetters.discardRebuilt(projection);
            } catch (RuntimeException e) {
                log.warn("Could not drop the collections of the unfinished rebuild of projection {}: {}", projection,
                        e.toString());
            }
            if (cancelled) {
                log.info("Rebuild of projection {} given up; its live read model stays as it was", projection);
            }
        }
    }
}
