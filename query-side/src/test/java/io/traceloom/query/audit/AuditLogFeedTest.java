package io.traceloom.query.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.history.AuditFeed;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The feed hands each entry on as its event is read from the store, in the order of the log, holding no more than
 * the one event: an export of a tenant whose events are the largest there are (a render holds 2 MB) must not keep a
 * tile of them (256) in memory at once. A late commit, appended at the end of the log though its position in the
 * store is lower, keeps its place in the log's order.
 */
class AuditLogFeedTest {

    private static final String TENANT = "t1";

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final AuditLogProjection projection = new AuditLogProjection(new ReadModelWriter(mongo.template()));
    private final AuditLogTiles tiles = new AuditLogTiles(mongo.template());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void eachEntryIsHandedOnAsItsEventIsReadInTheOrderOfTheLog() {
        List<Long> positions = new ArrayList<>();
        for (int index = 0; index < 600; index++) {
            positions.add(10L + 10L * index);
        }
        positions.set(300, 5L); // committed late, into a position the log had passed: appended where it first showed
        projection.on(extended(positions));
        Store store = new Store(positions);
        AuditLogFeed feed = new AuditLogFeed(tiles, store);

        List<Long> served = new ArrayList<>();
        feed.read(new AuditLogFeed.Filter(TENANT, null, null, null, null), 0, json -> {
            served.add(store.indexOf(json));
            store.passedOn++;
            store.mostHeld = Math.max(store.mostHeld, store.handedOut - store.passedOn + 1);
            return true;
        });

        assertThat(served).as("every entry, in the order of the log").hasSize(600)
                .isSortedAccordingTo(Long::compare).doesNotHaveDuplicates();
        assertThat(store.mostHeld).as("events read and not yet handed on, the one being handed on included")
                .isEqualTo(1);
    }

    private static AuditLogExtended extended(List<Long> positions) {
        List<AuditLogExtended.Entry> entries = new ArrayList<>();
        for (int index = 0; index < positions.size(); index++) {
            entries.add(new AuditLogExtended.Entry("event-" + index, positions.get(index),
                    MerkleHashes.hex(MerkleHashes.leaf(("entry " + index).getBytes(StandardCharsets.UTF_8)))));
        }
        return new AuditLogExtended(TENANT, 0, entries, 10L * positions.size(), List.of());
    }

    /** The store: the events at the log's positions, handed out in the order of the positions asked for. */
    private static final class Store extends AuditFeed {

        private final Map<Long, Long> indexAt = new HashMap<>();
        long handedOut;
        long passedOn;
        long mostHeld;

        Store(List<Long> positions) {
            super(null, null, null);
            for (int index = 0; index < positions.size(); index++) {
                indexAt.put(positions.get(index), (long) index);
            }
        }

        @Override
        public void readAt(SortedSet<Long> positions, BiPredicate<Long, RecordedEvent> reader) {
            for (long position : positions) {
                handedOut++;
                RecordedEvent event = new RecordedEvent(0, "Happened", "1", Instant.parse("2026-11-27T08:00:00Z"),
                        TENANT, null, null, "{\"entry\":" + indexAt.get(position) + "}", "Thing", "thing-" + position);
                if (!reader.test(position, event)) {
                    return;
                }
            }
        }

        long indexOf(String json) {
            String data = json.substring(json.indexOf("\"entry\":") + 8);
            return Long.parseLong(data.substring(0, data.indexOf('}')));
        }
    }
}
