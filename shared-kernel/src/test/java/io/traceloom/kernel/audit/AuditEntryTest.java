package io.traceloom.kernel.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.audit.canonical.Jcs;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.history.RecordedEvent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An entry's leaf hash is taken of its JSON as written, without parsing it again: that text is canonical already,
 * so the hash is the one an auditor gets from the feed's line (the canonical form of what they read).
 */
class AuditEntryTest {

    static Stream<RecordedEvent> events() {
        Instant at = Instant.parse("2026-11-28T17:18:36.123456789Z");
        return Stream.of(
                event(at, "{\"tenantId\":\"t1\",\"tradeItemId\":\"i1\",\"name\":\"Apples\",\"tradeItemTag\":null}"),
                // members out of order, whitespace, escapes, characters beyond the BMP, numbers of every shape
                event(at, "{ \"z\" : [1, 1.0, -0, 1e21, 1E-7, 123456789012, 0.1], \"a\" : \"\\u00e9\\n\\t\\\"\\\\\\/\\ud83c\\udf4e\","
                        + " \"\u00e9\" : {\"b\": true, \"a\": false, \"c\": null}, \"\\u0000\": \"\\u001f\"}"),
                // data that is no JSON is shown as its text
                event(at, "not json {"),
                // no user, request or time: members left out
                new RecordedEvent(0, "TenantCreated", null, null, "t1", null, null, "{}", "Tenant", "t1"));
    }

    private static RecordedEvent event(Instant at, String data) {
        return new RecordedEvent(7, "TradeItemCreated", "1", at, "t1", "user-\u00e9", "req-1", data, "TradeItem",
                "0192f0c4-1c1e-7a6b-9a0e-3c1f2b4d5e6f");
    }

    @ParameterizedTest
    @MethodSource("events")
    void anEntryIsWrittenInItsCanonicalFormAndHashedAsWritten(RecordedEvent event) {
        AuditEntry entry = new AuditEntry(41, event);

        assertThat(entry.json()).isEqualTo(Jcs.canonicalize(entry.json()));
        assertThat(entry.leafHash()).isEqualTo(AuditEntry.leafHash(entry.json()))
                .isEqualTo(MerkleHashes.leaf(Jcs.canonicalize(entry.json()).getBytes(StandardCharsets.UTF_8)));
    }
}
