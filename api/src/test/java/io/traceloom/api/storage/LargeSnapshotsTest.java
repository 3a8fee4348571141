package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.kernel.message.ResourceIds;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;

/**
 * A snapshot of megabytes in the embedded event store: a tenant's catalogue of 100,000 tags snapshots to some 13 MB.
 * H2 keeps its payload apart from its row, so that the copies of the row H2 holds while a snapshot replaces the one
 * before it (in its page, in the transaction's undo log) hold a reference, not the payload: kept inline, they ran a
 * 256 MB heap out of memory while a catalogue grew to 75,000 tags (BENCHMARKS.md). And it reads back whole.
 */
class LargeSnapshotsTest {

    private static final int PAYLOAD_CHARS = 8_000_000;

    @Test
    void aSnapshotsPayloadIsKeptApartFromItsRowAndReadBackWhole() throws SQLException {
        RunningTraceloom traceloom = SharedTraceloom.get();
        EventStore events = traceloom.bean(EventStore.class);
        String aggregate = ResourceIds.next();
        String payload = "x".repeat(PAYLOAD_CHARS - 1) + "y";

        events.storeSnapshot(new GenericDomainEventMessage<>("LargeSnapshotProbe", aggregate, 3, payload));
        events.storeSnapshot(new GenericDomainEventMessage<>("LargeSnapshotProbe", aggregate, 7, payload + "z"));

        DomainEventStream read = events.readEvents(aggregate);
        assertThat(read.hasNext()).as("the latest snapshot is read first").isTrue();
        DomainEventMessage<?> snapshot = read.next();
        assertThat(snapshot.getSequenceNumber()).isEqualTo(7);
        assertThat((String) snapshot.getPayload()).hasSize(PAYLOAD_CHARS + 1).endsWith("yz");
        assertThat(read.hasNext()).isFalse();

        try (Connection connection = traceloom.bean(DataSource.class).getConnection();
             ResultSet column = connection.createStatement().executeQuery("SELECT DATA_TYPE FROM "
                     + "INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = 'SNAPSHOT_EVENT_ENTRY' AND COLUMN_NAME = 'PAYLOAD'");
             ResultSet kept = connection.createStatement().executeQuery("SELECT COUNT(*) FROM snapshot_event_entry "
                     + "WHERE aggregate_identifier = '" + aggregate + "'")) {
            assertThat(column.next()).isTrue();
            assertThat(column.getString(1)).as("kept apart from its row").isEqualTo("BINARY LARGE OBJECT");
            assertThat(kept.next()).isTrue();
            assertThat(kept.getLong(1)).as("the snapshot before the latest is gone").isEqualTo(1);
        }
    }
}
