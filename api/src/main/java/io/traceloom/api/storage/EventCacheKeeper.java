package io.traceloom.api.storage;

import java.util.concurrent.TimeUnit;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Follows the head of the embedded event store, doing nothing with its events, so that its cache of the latest
 * events is always filled. Axon's store fills the cache only while a stream follows it, and drops a stream more
 * than its cache behind, which then reads the store itself. After a burst that left every projection behind at
 * once, the cache stopped where they left it; a projection that caught up by itself was then past the cache's
 * newest event, which Axon takes for behind it, so none could follow it again, and none was woken by a new event:
 * each found it when its wait ran out, a second later, and so every write waited a second for its read models,
 * until a restart. This stream does nothing with what it reads, so it keeps up with the cache; should it be
 * dropped all the same (a thread can wait 256 events long for a busy processor), {@link PromptEventStore} bounds
 * what a projection then waits.
 */
public class EventCacheKeeper implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EventCacheKeeper.class);

    private final EmbeddedEventStore store;
    private volatile Thread follower;

    public EventCacheKeeper(EmbeddedEventStore store) {
        this.store = store;
    }

    @Override
    public synchronized void start() {
        if (follower != null) {
            return;
        }
        BlockingStream<TrackedEventMessage<?>> head = store.openStream(store.createHeadToken());
        follower = new Thread(() -> follow(head), "event-cache-keeper");
        follower.setDaemon(true);
        follower.start();
    }

    private void follow(BlockingStream<TrackedEventMessage<?>> head) {
        try (head) {
            while (!Thread.currentThread().isInterrupted()) {
                if (head.hasNextAvailable(1, TimeUnit.SECONDS)) {
                    head.nextAvailable();
                }
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("Stopped following the event store's head; projections may find new events only when their "
                    + "wait for them runs out", e);
        }
    }

    @Override
    public synchronized void stop() {
        Thread running = follower;
        follower = null;
        if (running != null) {
            running.interrupt();
            try {
                running.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return follower != null;
    }

    /** Before the projections start (Axon's processors start in a later phase), after them it stops. */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1_000;
    }
}
