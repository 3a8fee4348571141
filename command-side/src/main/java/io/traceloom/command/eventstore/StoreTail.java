package io.traceloom.command.eventstore;

import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * Whether what is kept of an aggregate in memory is current: the one check {@link CurrentAggregates} and
 * {@link CurrentStates} make before they hand out what they keep.
 */
final class StoreTail {

    private StoreTail() {
    }

    /**
     * Whether the aggregate's events in the store end at {@code version}: the event of that number is there, and none
     * after it. Read as a range of the store's index from the version on (a seek, and an empty batch after it), not as
     * the aggregate's last sequence number: H2 finds that by reading every entry of the aggregate's index, 12 ms for a
     * catalogue of 100,000 tags, on every command that loads it (BENCHMARKS.md).
     */
    static boolean endsAt(EventStore events, String aggregateId, long version) {
        DomainEventStream from = events.readEvents(aggregateId, version);
        return from.hasNext() && from.next().getSequenceNumber() == version && !from.hasNext();
    }
}
