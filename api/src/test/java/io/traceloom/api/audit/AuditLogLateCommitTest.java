package io.traceloom.api.audit;

import static io.traceloom.api.audit.AuditLogApiTest.awaitLog;
import static io.traceloom.api.audit.AuditLogApiTest.parse;
import static io.traceloom.api.audit.AuditLogApiTest.verify;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.audit.AuditLogApiTest.Run;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.query.audit.AuditLogScrub;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A write whose transaction commits late, after writes that took later positions of the store were committed and
 * appended to the log, and after the appender read its own bookkeeping (the log's {@code AuditLogExtended}) past
 * the position the write had taken: as under concurrent writes, when one transaction is slower than the next. The
 * reader of the store meets it as a gap that fills; its tracking token then says how far the reader has read (the
 * highest position it has seen, here the log's own bookkeeping event), not where the late event is. The log must
 * record the event at its own position: the feed shows it, and the checks against the store find every entry
 * matching (no false alarm of tampering, a checkpoint is signed).
 */
class AuditLogLateCommitTest {

    @TempDir
    Path dataDir;
    @TempDir
    Path files;

    @Test
    void anEventCommittedLateIsAppendedAtItsOwnPositionAndTheLogStillMatchesTheStore()
            throws SQLException, IOException {
        // the background check is run by hand, once the late event is in the log
        try (RunningTraceloom service = RunningTraceloom.start(dataDir, "--traceloom.audit.scrub-rate=0")) {
            Http http = service.http();
            String early = SharedTraceloom.unique("Early");
            assertThat(http.post("/trade-items", "{\"name\":\"" + early + "\"}").status()).isEqualTo(201);
            JsonNode template = entryNaming(awaitLog(http, log -> log.stream().anyMatch(line -> line.contains(early))),
                    early);
            String late = SharedTraceloom.unique("Late");
            DataSource store = service.bean(DataSource.class);
            JdbcTemplate jdbc = new JdbcTemplate(store);
            String lateEvent;
            long afterPosition;

            try (Connection slow = store.getConnection()) {
                slow.setAutoCommit(false);
                lateEvent = insertLikeTemplate(slow, template, early, late);
                String after = SharedTraceloom.unique("After");
                assertThat(http.post("/trade-items", "{\"name\":\"" + after + "\"}").status()).isEqualTo(201);
                JsonNode afterEntry = entryNaming(awaitLog(http, log -> log.stream()
                        .anyMatch(line -> line.contains(after))), after);
                afterPosition = position(jdbc, afterEntry);
                // the appender has read its own append of After too: the highest position it has seen
                AuditFeeds.awaitAppended(service);
                assertThat(head(jdbc)).as("the log's append of After is the head of the store")
                        .isGreaterThan(afterPosition);
                slow.commit();
            }
            long latePosition = jdbc.queryForObject("SELECT global_index FROM domain_event_entry WHERE "
                    + "event_identifier = ?", Long.class, lateEvent);
            assertThat(latePosition).as("the late write took a position before After's").isLessThan(afterPosition);

            // written after the late commit: read with it or after it, so the late event was handled once it shows
            String last = SharedTraceloom.unique("Last");
            assertThat(http.post("/trade-items", "{\"name\":\"" + last + "\"}").status()).isEqualTo(201);
            awaitLog(http, entries -> entries.stream().anyMatch(line -> line.contains(last)));
            AuditFeeds.awaitAppended(service);
            List<String> log = AuditLogApiTest.export(http);

            assertThat(log).as("the late event is in the feed, as the store holds it")
                    .anyMatch(line -> line.contains(late));
            assertThat(log).as("the feed shows the tenant's events only, never the log's own bookkeeping")
                    .noneMatch(line -> line.contains("AuditLogExtended"));
            service.bean(AuditLogScrub.class).round(1_000_000);
            JsonNode health = http.get("/actuator/health").json();
            assertThat(health.at("/components/auditLog/status").asText()).as(health.toString()).isEqualTo("UP");
            Response checkpoint = http.get("/audit/checkpoint");
            assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(200);
            assertThat(checkpoint.json().at("/credentialSubject/treeSize").asLong()).isEqualTo(log.size());
            Path export = Files.writeString(files.resolve("log.ndjson"), String.join("\n", log) + "\n");
            Path signed = Files.writeString(files.resolve("checkpoint.json"), checkpoint.body());
            Run verified = verify("--log", export, "--checkpoint", signed);
            assertThat(verified.exit()).as(verified.output()).isZero();
        }
    }

    /**
     * A copy of the template's creation, of a new item named {@code late}, inserted in the transaction of
     * {@code slow} and not committed: it takes the next position of the store, which readers pass as a gap.
     */
    private static String insertLikeTemplate(Connection slow, JsonNode template, String name, String late)
            throws SQLException {
        String eventIdentifier = UUID.randomUUID().toString();
        String itemId = template.at("/data/tradeItemId").asText();
        String newItemId = UUID.randomUUID().toString();
        String aggregateId = template.get("aggregateId").asText();
        byte[] payload;
        try (PreparedStatement read = slow.prepareStatement("SELECT payload FROM domain_event_entry WHERE "
                + "aggregate_identifier = ? AND sequence_number = ?")) {
            read.setString(1, aggregateId);
            read.setLong(2, template.get("sequence").asLong());
            try (var row = read.executeQuery()) {
                assertThat(row.next()).isTrue();
                payload = row.getBytes(1);
            }
        }
        String copied = new String(payload, StandardCharsets.UTF_8).replace(itemId, newItemId).replace(name, late);
        assertThat(parse(copied).get("name").asText()).isEqualTo(late);
        try (PreparedStatement insert = slow.prepareStatement("INSERT INTO domain_event_entry (event_identifier, "
                + "aggregate_identifier, sequence_number, type, time_stamp, payload_type, payload_revision, payload, "
                + "meta_data) SELECT ?, ?, 0, type, time_stamp, payload_type, payload_revision, ?, meta_data FROM "
                + "domain_event_entry WHERE aggregate_identifier = ? AND sequence_number = ?")) {
            insert.setString(1, eventIdentifier);
            insert.setString(2, aggregateId.replace(itemId, newItemId));
            insert.setBytes(3, copied.getBytes(StandardCharsets.UTF_8));
            insert.setString(4, aggregateId);
            insert.setLong(5, template.get("sequence").asLong());
            assertThat(insert.executeUpdate()).isEqualTo(1);
        }
        return eventIdentifier;
    }

    /** Where the store holds the event of an entry of the feed. */
    private static long position(JdbcTemplate jdbc, JsonNode entry) {
        return jdbc.queryForObject("SELECT global_index FROM domain_event_entry WHERE aggregate_identifier = ? AND "
                + "sequence_number = ?", Long.class, entry.get("aggregateId").asText(), entry.get("sequence").asLong());
    }

    private static long head(JdbcTemplate jdbc) {
        return jdbc.queryForObject("SELECT MAX(global_index) FROM domain_event_entry", Long.class);
    }

    private static JsonNode entryNaming(List<String> log, String name) {
        return log.stream().filter(line -> line.contains(name)).map(AuditLogApiTest::parse).findFirst().orElseThrow();
    }
}
