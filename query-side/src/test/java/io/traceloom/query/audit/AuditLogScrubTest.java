package io.traceloom.query.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.audit.AuditEntry;
import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.history.AuditFeed;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
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
 * The background check's budget: new entries first, always; the passes over old entries at the full rate while the
 * logs rest, and at a tenth of it while they grow, so that writes keep the CPU.
 */
class AuditLogScrubTest {

    private static final long FIRST_POSITION = 1000;

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final AuditLogProjection projection = new AuditLogProjection(new ReadModelWriter(mongo.template()));
    private final Map<Long, RecordedEvent> store = new HashMap<>();
    private final AuditLogChecks checks = new AuditLogChecks(mongo.template(), new AuditLogTiles(mongo.template()),
            new StoreOf(store));
    private final AuditLogScrub scrub = new AuditLogScrub(mongo.template(), checks, 2000, () -> true);

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void passesOverOldEntriesYieldToWritesAndGoOnAtTheFullRateOnceTheLogRests() {
        append("t1", 0, 5000);
        scrub.round(5000);
        assertThat(checks.of("t1").verifiedSize()).isEqualTo(5000);

        append("t1", 5000, 10);
        long before = checks.checked();
        scrub.round(2000);
        assertThat(checks.checked() - before).as("the 10 new entries, then a tenth of the budget of old ones")
                .isEqualTo(10 + 200);
        assertThat(checks.of("t1").verifiedSize()).isEqualTo(5010);

        before = checks.checked();
        scrub.round(2000);
        assertThat(checks.checked() - before).as("no new entry: the pass at the full rate").isEqualTo(2000);
        assertThat(checks.mismatches()).isEmpty();
    }

    @Test
    void newEntriesAreCheckedAtTheFullRateWhileTheLogGrows() {
        append("t1", 0, 3000);

        long before = checks.checked();
        scrub.round(2000);

        assertThat(checks.checked() - before).isEqualTo(2000);
        assertThat(checks.of("t1").verifiedSize()).isEqualTo(2000);
    }

    /** Entries [from, from + count) of the tenant's log, their events in the store at positions from 1000 on. */
    private void append(String tenantId, long from, int count) {
        List<AuditLogExtended.Entry> entries = new ArrayList<>();
        for (long index = from; index < from + count; index++) {
            long position = FIRST_POSITION + index;
            RecordedEvent event = new RecordedEvent(0, "TradeItemCreated", null, Instant.EPOCH.plusSeconds(index),
                    tenantId, "user", "request", "{\"n\":" + index + "}", "TradeItem", "item-" + index);
            store.put(position, event);
            entries.add(new AuditLogExtended.Entry("event-" + index, position,
                    MerkleHashes.hex(new AuditEntry(index, event).leafHash())));
        }
        projection.on(new AuditLogExtended(tenantId, from, entries, FIRST_POSITION + from + count, List.of()));
    }

    /** The event store as the check reads it: events by position. */
    private static final class StoreOf extends AuditFeed {

        private final Map<Long, RecordedEvent> events;

        StoreOf(Map<Long, RecordedEvent> events) {
            super(null, null, null);
            this.events = events;
        }

        @Override
        public void readAt(SortedSet<Long> positions, BiPredicate<Long, RecordedEvent> reader) {
            for (long position : positions) {
                RecordedEvent event = events.get(position);
                if (event != null && !reader.test(position, event)) {
                    return;
                }
            }
        }
    }
}
