package io.traceloom.command.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.audit.AuditCandidate;
import io.traceloom.kernel.audit.AuditEntry;
import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.AuditLogExtended.Entry;
import io.traceloom.kernel.audit.AuditLogState;
import io.traceloom.kernel.audit.ExtendAuditLog;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.history.RecordedEvent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A tenant's log appends each event once, at the end, with the hash of its entry: whatever the reader of the store
 * sends again (a replay from the start, a second process), and however late an event was committed.
 */
class AuditLogTest {

    private static final String TENANT = "tenant-1";
    private static final Instant AT = Instant.parse("2026-03-04T05:06:07.089Z");

    private AggregateTestFixture<AuditLog> fixture;

    @BeforeEach
    void fixture() {
        fixture = new AggregateTestFixture<>(AuditLog.class);
    }

    @Test
    void theFirstEventsAreAppendedFromIndexZeroWithTheHashOfTheirEntry() {
        fixture.givenNoPriorActivity()
                .when(new ExtendAuditLog(TENANT, 5, List.of(2L), List.of(candidate(1), candidate(3))))
                .expectEvents(new AuditLogExtended(TENANT, 0, List.of(entry(0, 1), entry(1, 3)), 5, List.of(2L)))
                .expectResultMessagePayload(new AuditLogState(2, 5, List.of(2L)));
    }

    /** The leaf input is the entry's canonical JSON, the index included; here it is, written out by hand. */
    @Test
    void theLeafHashIsOfTheCanonicalEntry() throws Exception {
        String canonical = "{\"aggregateId\":\"item-1\",\"aggregateType\":\"TradeItem\",\"data\":{\"name\":\"Pear\","
                + "\"tenantId\":\"tenant-1\"},\"index\":0,\"occurredAt\":\"2026-03-04T05:06:07.089Z\","
                + "\"requestId\":\"request-1\",\"revision\":\"1\",\"sequence\":1,\"tenantId\":\"tenant-1\","
                + "\"type\":\"TradeItemCreated\",\"userId\":\"user-1\"}";
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        sha256.update((byte) 0);
        String expected = HexFormat.of().formatHex(sha256.digest(canonical.getBytes(StandardCharsets.UTF_8)));

        assertThat(new AuditEntry(0, event(1)).json()).isEqualTo(canonical);
        fixture.givenNoPriorActivity()
                .when(new ExtendAuditLog(TENANT, 1, List.of(), List.of(candidate(1))))
                .expectEvents(new AuditLogExtended(TENANT, 0, List.of(new Entry("event-1", 1, expected)), 1, List.of()));
    }

    @Test
    void eventsTheLogCoversAreNotAppendedAgainWhenTheStoreIsReadFromTheStart() {
        fixture.given(new AuditLogExtended(TENANT, 0, List.of(entry(0, 1), entry(1, 3)), 5, List.of(2L)))
                .when(new ExtendAuditLog(TENANT, 3, List.of(), List.of(candidate(1), candidate(3))))
                .expectNoEvents()
                .expectResultMessagePayload(new AuditLogState(2, 5, List.of(2L)));
    }

    @Test
    void aLateCommitIntoAGapIsAppendedAtTheEnd() {
        fixture.given(new AuditLogExtended(TENANT, 0, List.of(entry(0, 1), entry(1, 3)), 5, List.of(2L)))
                .when(new ExtendAuditLog(TENANT, 7, List.of(), List.of(candidate(2), candidate(6))))
                .expectEvents(new AuditLogExtended(TENANT, 2, List.of(entry(2, 2), entry(3, 6)), 7, List.of()));
    }

    @Test
    void aGapTheReaderHasNotReadYetStaysOne() {
        fixture.given(new AuditLogExtended(TENANT, 0, List.of(entry(0, 1)), 5, List.of(2L, 4L)))
                .when(new ExtendAuditLog(TENANT, 9, List.of(2L, 8L), List.of(candidate(6))))
                .expectEvents(new AuditLogExtended(TENANT, 1, List.of(entry(1, 6)), 9, List.of(2L, 8L)));
    }

    @Test
    void aReaderBehindTheLogLeavesItsGapsOpen() {
        fixture.given(new AuditLogExtended(TENANT, 0, List.of(entry(0, 1), entry(1, 3)), 9, List.of(2L, 7L)))
                .when(new ExtendAuditLog(TENANT, 4, List.of(), List.of(candidate(2), candidate(3))))
                .expectEvents(new AuditLogExtended(TENANT, 2, List.of(entry(2, 2)), 9, List.of(7L)));
    }

    @Test
    void anEventSentTwiceInOneCommandIsAppendedOnce() {
        fixture.givenNoPriorActivity()
                .when(new ExtendAuditLog(TENANT, 3, List.of(), List.of(candidate(3), candidate(3))))
                .expectEvents(new AuditLogExtended(TENANT, 0, List.of(entry(0, 3)), 3, List.of()));
    }

    @Test
    void anotherTenantsEventOrOneBeyondTheReaderIsRefused() {
        RecordedEvent theirs = new RecordedEvent(0, "TradeItemCreated", "1", AT, "tenant-2", null, null, "{}",
                "TradeItem", "item-2");
        fixture.givenNoPriorActivity()
                .when(new ExtendAuditLog(TENANT, 3, List.of(), List.of(new AuditCandidate("event-2", 2, theirs))))
                .expectException(IllegalArgumentException.class);
        fixture.givenNoPriorActivity()
                .when(new ExtendAuditLog(TENANT, 3, List.of(), List.of(candidate(4))))
                .expectException(IllegalArgumentException.class);
    }

    private static AuditCandidate candidate(long position) {
        return new AuditCandidate("event-" + position, position, event(position));
    }

    private static RecordedEvent event(long position) {
        return new RecordedEvent(position, "TradeItemCreated", "1", AT, TENANT, "user-" + position,
                "request-" + position, "{\"tenantId\":\"tenant-1\",\"name\":\"Pear\"}", "TradeItem", "item-" + position);
    }

    private static Entry entry(long index, long position) {
        return new Entry("event-" + position, position,
                MerkleHashes.hex(new AuditEntry(index, event(position)).leafHash()));
    }
}
