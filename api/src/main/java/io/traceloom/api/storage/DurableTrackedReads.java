package io.traceloom.api.storage;

import java.util.List;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;

/**
 * The JDBC event store of the embedded default, whose projections see an event only once it is durable.
 * H2 makes a commit visible before the group commit has forced it; after a crash the store falls back to
 * its last forced state and hands the lost events' global indexes to new events. A projection that had
 * processed a lost event would keep it in its read model and, with a persistent token, skip the new
 * event carrying the same index. So every batch a projection reads waits for a force that started after
 * the read; it shares that force with the writers waiting at the same time, and costs nothing when
 * nothing was written since the last force (a replay of old events).
 */
final class DurableTrackedReads extends JdbcEventStorageEngine {

    private final DurableCommits durableCommits;

    DurableTrackedReads(JdbcEventStorageEngine.Builder builder, DurableCommits durableCommits) {
        super(builder);
        this.durableCommits = durableCommits;
    }

    @Override
    protected List<? extends TrackedEventData<?>> fetchTrackedEvents(TrackingToken lastToken, int batchSize) {
        List<? extends TrackedEventData<?>> events = super.fetchTrackedEvents(lastToken, batchSize);
        if (!events.isEmpty()) {
            durableCommits.await();
        }
        return events;
    }
}
