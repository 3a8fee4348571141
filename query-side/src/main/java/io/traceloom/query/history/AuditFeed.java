package io.traceloom.query.history;

import io.traceloom.kernel.history.RecordedEvent;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;

/**
 * A tenant's events in the order of the store, read through Axon's tracking stream (what projections read),
 * from the first event at or after {@code from} up to the head the store had when the read began. The store
 * holds every tenant: an event is shown only to the tenant it names, and never when it is the service's
 * {@linkplain io.traceloom.kernel.history.Bookkeeping bookkeeping}.
 *
 * <p>It hands events to its reader as it reads them, so an export of a whole store streams in constant memory.
 */
public class AuditFeed {

    /** How long the stream may take to deliver an event it has (Axon Server's stream fills a buffer). */
    private static final int PATIENCE_SECONDS = 30;

    private final EventStore eventStore;
    private final Serializer serializer;

    public AuditFeed(EventStore eventStore, Serializer serializer) {
        this.eventStore = eventStore;
        this.serializer = serializer;
    }

    /**
     * Which events: the tenant's, {@code from} (inclusive) to {@code to} (exclusive) by the time they occurred,
     * of one {@code type} (the event's name), caused by one {@code userId}; {@code null} means any.
     */
    public record Filter(String tenantId, Instant from, Instant to, String type, String userId) {

        boolean admits(RecordedEvent event) {
            return (from == null || !event.occurredAt().isBefore(from))
                    && (to == null || event.occurredAt().isBefore(to))
                    && (type == null || type.equals(event.type()))
                    && (userId == null || userId.equals(event.userId()));
        }
    }

    /**
     * Hands the events the filter admits to {@code reader}, in the order of the store, until the head the store
     * had when this began, or until {@code reader} answers {@code false}.
     */
    public void read(Filter filter, Predicate<RecordedEvent> reader) {
        TrackingToken head = eventStore.createHeadToken();
        OptionalLong last = head == null ? OptionalLong.empty() : head.position();
        if (last.isEmpty() || last.getAsLong() < 0) {
            return;
        }
        TrackingToken start = filter.from() == null ? null : eventStore.createTokenAt(filter.from());
        if (start != null && start.position().orElse(-1) >= last.getAsLong()) {
            return; // nothing occurred since
        }
        try (BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(start)) {
            while (stream.hasNextAvailable(PATIENCE_SECONDS, TimeUnit.SECONDS)) {
                TrackedEventMessage<?> event = stream.nextAvailable();
                long position = event.trackingToken().position().orElse(Long.MAX_VALUE);
                if (position > last.getAsLong()) {
                    return;
                }
                if (filter.tenantId().equals(RecordedEvents.tenantOf(event)) && !RecordedEvents.isBookkeeping(event)) {
                    RecordedEvent recorded = RecordedEvents.of(event, serializer);
                    if (filter.admits(recorded) && !reader.test(recorded)) {
                        return;
                    }
                }
                if (position == last.getAsLong()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the audit feed", e);
        }
    }
}
