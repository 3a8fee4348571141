package io.traceloom.query.processing;

import static io.traceloom.query.processing.ProjectionRebuilds.position;
import static io.traceloom.query.processing.ProjectionRebuilds.unseen;

import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.processing.ProjectionRebuilds.Progress;
import io.traceloom.query.readmodel.ReadModelRebuild;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.EventHandlerInvoker;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One rebuild of a projection, on a thread of its own: what {@link ProjectionRebuilds} describes. */
final class ProjectionRebuild implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(ProjectionRebuilds.class);
    private static final long POLL_MILLIS = 100;
    private static final long MAX_PAUSE_SECONDS = 60;

    private final ProjectionRebuilds rebuilds;

    private final String projection;
    private final StreamingEventProcessor processor;
    private final EventHandlerInvoker handlers;
    private final long head;
    private final Instant startedAt = Instant.now();
    private final long startedNanos = System.nanoTime();
    private final ReadModelRebuild readModels;
    private final Thread thread;
    private volatile boolean cancelled;
    private boolean swapping;
    private volatile TrackingToken token;
    private volatile long position = -1;
    private volatile Failure failure;
    private volatile long events;

    ProjectionRebuild(ProjectionRebuilds rebuilds, String projection, StreamingEventProcessor processor,
                      EventHandlerInvoker handlers, long head) {
        this.rebuilds = rebuilds;
        this.readModels = new ReadModelRebuild(rebuilds.mongo);
        this.projection = projection;
        this.processor = processor;
        this.handlers = handlers;
        this.head = head;
        this.thread = new Thread(this, "rebuild-" + projection);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    Progress progress() {
        long handled = events;
        double seconds = Math.max(1e-3, (System.nanoTime() - startedNanos) / 1e9);
        double perSecond = handled / seconds;
        Long secondsLeft = null;
        if (handled > 0) {
            long left = Math.max(0, position(rebuilds.eventStore.createHeadToken()) - position);
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
            try (BlockingStream<TrackedEventMessage<?>> stream = rebuilds.eventStore.openStream(null)) {
                // near enough: the last stretch is caught up with the live processor stopped (switchOver).
                // Waiting to be level with a processor that moves on with every write would never end
                // while writes come faster than a batch of the rebuild takes.
                catchUp(stream, () -> position >= head && livePosition() - position <= rebuilds.batchSize);
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
            rebuilds.running.remove(projection, this);
        }
    }

    /**
     * Stops the live processor, catches up with its stored token, swaps the collections, hands the processor
     * the rebuild's token and starts it again. Writes wait for the processor as always, for this moment.
     */
    private boolean switchOver(BlockingStream<TrackedEventMessage<?>> stream) throws Exception {
        boolean wasRunning = processor.isRunning();
        processor.shutDown();
        int[] segments = rebuilds.tokenStore.fetchSegments(projection);
        try {
            long stored = -1;
            List<TrackingToken> liveTokens = new ArrayList<>();
            for (int segment : segments) {
                // claims the segment for this process, which the processor's restart will reuse
                TrackingToken liveToken = rebuilds.tokenStore.fetchToken(projection, segment);
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
            rebuilds.deadLetters.replaceWithRebuilt(projection);
            rebuilds.progress.moved(); // the read model changed, though no position did: views read before are old
            try {
                for (int segment : segments) {
                    if (token != null) {
                        rebuilds.tokenStore.storeToken(token, projection, segment);
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
                    rebuilds.tokenStore.releaseClaim(projection, segment);
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
                     rebuilds.eventStore.openStream(GapAwareTrackingToken.newInstance(gap - 1, List.of()))) {
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
            } while (batch.size() < rebuilds.batchSize && stream.hasNextAvailable());
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
            rebuilds.deadLetters.discardRebuilt(projection);
        } catch (RuntimeException e) {
            log.warn("Could not drop the collections of the unfinished rebuild of projection {}: {}", projection,
                    e.toString());
        }
        if (cancelled) {
            log.info("Rebuild of projection {} given up; its live read model stays as it was", projection);
        }
    }
}
