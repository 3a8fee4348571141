package io.traceloom.api.storage;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingEventStream;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;

/**
 * Axon's embedded event store, whose streams look for new events at least every {@link #LOOK_AGAIN}, however long
 * their reader waits. A stream that reads the store itself (it fell behind the cache of the latest events, or its
 * token is not found in it: Axon issues 1037, 1193) waits for a signal that only the cache's filling sends; when no
 * stream followed the cache, none came, and each found a new event only when its wait ran out (a projection's: a
 * second). {@link EventCacheKeeper} keeps the cache filled; this bounds what is left: a stream waiting for events
 * looks again every {@link #LOOK_AGAIN} (one query of the store each time, only while it reads the store itself;
 * following the cache, it only wakes).
 */
public class PromptEventStore extends EmbeddedEventStore {

    /** How long a stream waits for events before it looks again. */
    static final Duration LOOK_AGAIN = Duration.ofMillis(100);

    public PromptEventStore(Builder builder) {
        super(builder);
    }

    @Override
    public TrackingEventStream openStream(TrackingToken trackingToken) {
        return new Prompt(super.openStream(trackingToken));
    }

    /** Axon's stream, its waits cut into {@link #LOOK_AGAIN}. */
    private record Prompt(TrackingEventStream stream) implements TrackingEventStream {

        @Override
        public boolean hasNextAvailable(int timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            long slice = LOOK_AGAIN.toNanos();
            while (true) {
                long remaining = deadline - System.nanoTime();
                if (stream.hasNextAvailable((int) Math.max(0, Math.min(remaining, slice)), TimeUnit.NANOSECONDS)) {
                    return true;
                }
                if (remaining <= slice) {
                    return false;
                }
            }
        }

        @Override
        public Optional<TrackedEventMessage<?>> peek() {
            return stream.peek();
        }

        @Override
        public TrackedEventMessage<?> nextAvailable() throws InterruptedException {
            while (!hasNextAvailable(Integer.MAX_VALUE, TimeUnit.MILLISECONDS)) {
                // waited its slices to the end: look again
            }
            return stream.nextAvailable();
        }

        @Override
        public void close() {
            stream.close();
        }

        @Override
        public void skipMessagesWithPayloadTypeOf(TrackedEventMessage<?> ignoredMessage) {
            stream.skipMessagesWithPayloadTypeOf(ignoredMessage);
        }

        @Override
        public boolean setOnAvailableCallback(Runnable callback) {
            return stream.setOnAvailableCallback(callback);
        }
    }
}
