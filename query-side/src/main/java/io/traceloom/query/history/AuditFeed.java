package io.traceloom.query.history;

import io.traceloom.kernel.history.RecordedEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SortedSet;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;

/**
 * Events of the store read by their positions (what tracking tokens count), through Axon's tracking stream (what
 * projections read), as auditors are shown them: for a tenant's audit log, which lists its events by position. On
 * every store the service runs on: a position is a JDBC store's global index, Axon Server's global sequence.
 *
 * <p>Positions close together are read in one pass of the stream; events between them are skipped as they come.
 */
public class AuditFeed {

    /** How long the stream may take to deliver an event it has (Axon Server's stream fills a buffer). */
    private static final int PATIENCE_SECONDS = 30;
    /** Wanted positions further apart than this are read by streams of their own rather than by skipping. */
    private static final long MAX_SKIP = 4_096;

    private final EventStore eventStore;
    private final EventStorageEngine storage;
    private final Serializer serializer;

    /** @param storage the store's storage engine, or {@code null} when it has none (Axon Server) */
    public AuditFeed(EventStore eventStore, EventStorageEngine storage, Serializer serializer) {
        this.eventStore = eventStore;
        this.storage = storage;
        this.serializer = serializer;
    }

    /**
     * Hands the events at these positions to {@code reader}, in the order of the positions, until {@code reader}
     * answers {@code false}. A position that holds no event (it never did, or its row was deleted) is left out.
     */
    public void readAt(SortedSet<Long> positions, BiPredicate<Long, RecordedEvent> reader) {
        TrackingToken head = eventStore.createHeadToken();
        long last = head == null ? -1 : head.position().orElse(-1);
        List<Long> run = new ArrayList<>();
        for (long position : positions) {
            if (position > last) {
                break;
            }
            if (!run.isEmpty() && position - run.get(run.size() - 1) > MAX_SKIP) {
                if (!readRun(run, head, reader)) {
                    return;
                }
                run.clear();
            }
            run.add(position);
        }
        if (!run.isEmpty()) {
            readRun(run, head, reader);
        }
    }

    /** One pass of the stream from the first position of {@code run} to its last. */
    private boolean readRun(List<Long> run, TrackingToken head, BiPredicate<Long, RecordedEvent> reader) {
        long end = run.get(run.size() - 1);
        int next = 0;
        try (Stream<? extends TrackedEventMessage<?>> events = read(before(run.get(0), head))) {
            Iterator<? extends TrackedEventMessage<?>> stream = events.iterator();
            while (stream.hasNext()) {
                TrackedEventMessage<?> event = stream.next();
                long position = event.trackingToken().position().orElse(Long.MAX_VALUE);
                while (next < run.size() && run.get(next) < position) {
                    next++; // no event there
                }
                if (next < run.size() && run.get(next) == position) {
                    next++;
                    if (!reader.test(position, RecordedEvents.of(event, serializer))) {
                        return false;
                    }
                }
                if (position >= end) {
                    return true;
                }
            }
            return true;
        }
    }

    /**
     * The store's events after {@code token}: from its storage engine where there is one (the JDBC store), so they
     * are read from the database as it is now, not from the event store's cache of recent events; else (Axon
     * Server) from its tracking stream.
     */
    private Stream<? extends TrackedEventMessage<?>> read(TrackingToken token) {
        if (storage != null) {
            return storage.readEvents(token, false);
        }
        BlockingStream<TrackedEventMessage<?>> stream = eventStore.openStream(token);
        Iterator<TrackedEventMessage<?>> iterator = new Iterator<>() {
            @Override
            public boolean hasNext() {
                try {
                    return stream.hasNextAvailable(PATIENCE_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while reading the event store", e);
                }
            }

            @Override
            public TrackedEventMessage<?> next() {
                try {
                    return stream.nextAvailable();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while reading the event store", e);
                }
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED), false)
                .onClose(stream::close);
    }

    /** A token just before {@code position}, of the kind the store reads ({@code null}: from its start). */
    private static TrackingToken before(long position, TrackingToken head) {
        if (position <= 0) {
            return null;
        }
        if (head instanceof GapAwareTrackingToken) {
            return GapAwareTrackingToken.newInstance(position - 1, List.of());
        }
        return new GlobalSequenceTrackingToken(position - 1);
    }
}
