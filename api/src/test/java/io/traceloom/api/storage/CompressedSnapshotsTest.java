package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.kernel.message.ResourceIds;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/**
 * Snapshots in the JDBC event store are compressed: a catalogue's snapshot of 100,000 tags is 18 MB of JSON, which
 * the snapshotter held twice beside the snapshot before it, and a 256 MB heap ran out of memory during writes to it
 * (BENCHMARKS.md). Snapshots stored before, plain JSON, are read as before.
 */
class CompressedSnapshotsTest {

    /** Something like a catalogue in a snapshot: columns of codes and names, one entry a tag. */
    record Columns(List<String> code, List<String> name, long[] createdAt) {
    }

    private static Columns columns(int tags) {
        return new Columns(IntStream.range(0, tags).mapToObj(i -> "SEED-5f3a-" + i).toList(),
                IntStream.range(0, tags).mapToObj(i -> "Seeded tag " + i).toList(),
                IntStream.range(0, tags).mapToLong(i -> 1_764_000_000_000_000_000L + i * 1_000_003L).toArray());
    }

    @Test
    void aSnapshotIsStoredCompressedAndReadBackWhole() throws SQLException {
        RunningTraceloom traceloom = SharedTraceloom.get();
        EventStore events = traceloom.bean(EventStore.class);
        String aggregate = ResourceIds.next();
        Columns catalogue = columns(20_000);
        long json = JacksonSerializer.defaultSerializer().serialize(catalogue, byte[].class).getData().length;

        events.storeSnapshot(new GenericDomainEventMessage<>("CompressedSnapshotProbe", aggregate, 4, catalogue,
                MetaData.with("note", "kept")));

        DomainEventStream read = events.readEvents(aggregate);
        DomainEventMessage<?> snapshot = read.next();
        assertThat(snapshot.getSequenceNumber()).isEqualTo(4);
        Columns back = (Columns) snapshot.getPayload();
        assertThat(back.code()).isEqualTo(catalogue.code());
        assertThat(back.name()).isEqualTo(catalogue.name());
        assertThat(back.createdAt()).isEqualTo(catalogue.createdAt());
        assertThat(snapshot.getMetaData()).containsEntry("note", "kept");

        try (Connection connection = traceloom.bean(DataSource.class).getConnection();
             PreparedStatement stored = connection.prepareStatement("SELECT OCTET_LENGTH(payload) FROM "
                     + "snapshot_event_entry WHERE aggregate_identifier = ?")) {
            stored.setString(1, aggregate);
            try (ResultSet length = stored.executeQuery()) {
                assertThat(length.next()).isTrue();
                assertThat(length.getLong(1)).as("bytes stored for %s bytes of JSON", json)
                        .isPositive().isLessThan(json / 4);
            }
        }
    }

    @Test
    void aSnapshotStoredBeforeAsPlainJsonIsReadAsBefore() {
        JacksonSerializer json = JacksonSerializer.defaultSerializer();
        CompressedSnapshots snapshots = new CompressedSnapshots(json);
        Columns catalogue = columns(100);

        SerializedObject<byte[]> plain = json.serialize(catalogue, byte[].class);
        Columns back = snapshots.deserialize(plain);

        assertThat(back.code()).isEqualTo(catalogue.code());
        assertThat(CompressedSnapshots.gzipped(plain.getData())).isFalse();
        assertThat(CompressedSnapshots.gzipped(snapshots.serialize(catalogue, byte[].class).getData())).isTrue();
    }

    @Test
    void metadataStaysPlainJson() {
        JacksonSerializer json = JacksonSerializer.defaultSerializer();
        MetaData metaData = MetaData.from(Map.of("tenantId", "t"));

        SerializedObject<byte[]> stored = new CompressedSnapshots(json).serialize(metaData, byte[].class);

        assertThat(stored.getData()).isEqualTo(json.serialize(metaData, byte[].class).getData());
    }
}
