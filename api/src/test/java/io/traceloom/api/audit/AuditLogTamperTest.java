package io.traceloom.api.audit;

import static io.traceloom.api.audit.AuditLogApiTest.awaitLog;
import static io.traceloom.api.audit.AuditLogApiTest.parse;
import static io.traceloom.api.audit.AuditLogApiTest.verify;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.audit.AuditLogApiTest.Run;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.query.audit.AuditLogScrub;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Someone with access to the event store rewrites an event behind the service's back (an UPDATE of its payload in
 * the embedded H2 store). The offline verifier, given a fresh export and a checkpoint taken before, finds it and,
 * with the export taken then, names the entry; the service finds it by itself (the background check, and a
 * checkpoint's check of the entries it newly covers), says so in health and the log, and signs no checkpoint over
 * it until the event is as it was.
 */
class AuditLogTamperTest {

    @TempDir
    Path dataDir;
    @TempDir
    Path files;

    @Test
    void aRewrittenEventIsFoundOfflineAndByTheService() throws IOException {
        // the background check is run by hand here, so that what each step finds is the step's
        try (RunningTraceloom service = RunningTraceloom.start(dataDir, "--traceloom.audit.scrub-rate=0")) {
            Http http = service.http();
            AuditLogScrub scrub = service.bean(AuditLogScrub.class);
            String pear = SharedTraceloom.unique("Pear");
            assertThat(http.post("/trade-items", "{\"name\":\"" + pear + "\"}").status()).isEqualTo(201);
            assertThat(http.post("/trade-items", "{\"name\":\"Fig\"}").status()).isEqualTo(201);
            List<String> before = awaitLog(http, log -> log.stream().anyMatch(line -> line.contains(pear))
                    && log.stream().anyMatch(line -> line.contains("Fig")));
            Response signed = http.get("/audit/checkpoint");
            assertThat(signed.status()).as(signed.body()).isEqualTo(200);
            Path checkpoint = write("checkpoint.json", signed.body());
            Path earlier = write("earlier.ndjson", String.join("\n", before) + "\n");
            JsonNode entry = entryNaming(before, pear);
            long index = entry.get("index").asLong();

            rewrite(service, entry, pear, "Plum");

            List<String> fresh = AuditLogApiTest.export(http);
            assertThat(fresh.get((int) index)).as("the feed shows the store as it is").contains("Plum");
            Path freshLog = write("fresh.ndjson", String.join("\n", fresh) + "\n");
            Run unnamed = verify("--log", freshLog, "--checkpoint", checkpoint);
            assertThat(unnamed.exit()).as(unnamed.output()).isEqualTo(1);
            assertThat(unnamed.output()).contains("does not hold").contains("was changed since it was signed");
            Run named = verify("--log", freshLog, "--checkpoint", checkpoint, "--earlier-log", earlier);
            assertThat(named.exit()).as(named.output()).isEqualTo(1);
            assertThat(named.output()).contains("entry " + index + " was changed");
            assertThat(verify("--log", earlier, "--checkpoint", checkpoint).exit()).isZero();

            scrub.round(1_000_000);

            JsonNode health = http.get("/actuator/health").json();
            assertThat(health.at("/components/auditLog/status").asText()).isEqualTo("DOWN");
            JsonNode mismatch = health.at("/components/auditLog/details/mismatches").elements().next();
            assertThat(mismatch.get("index").asLong()).isEqualTo(index);
            assertThat(mismatch.get("detail").asText()).contains("TradeItemCreated");
            assertThat(http.get("/actuator/health/readiness").status()).as("everything else is served").isEqualTo(200);
            Response refused = http.get("/audit/checkpoint");
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.json().get("type").asText()).isEqualTo("urn:traceloom:problem:audit-log-mismatch");
            assertThat(refused.json().get("detail").asText()).contains("Entry " + index + " ");

            rewrite(service, entry, "Plum", pear);
            scrub.round(1_000_000);

            assertThat(http.get("/actuator/health").json().at("/components/auditLog/status").asText()).isEqualTo("UP");
            assertThat(http.get("/audit/checkpoint").status()).isEqualTo(200);
        }
    }

    @Test
    void aCheckpointChecksTheEntriesItNewlyCoversBeforeItIsSigned() {
        try (RunningTraceloom service = RunningTraceloom.start(dataDir, "--traceloom.audit.scrub-rate=0")) {
            Http http = service.http();
            assertThat(http.post("/trade-items", "{\"name\":\"Apple\"}").status()).isEqualTo(201);
            awaitLog(http, log -> log.stream().anyMatch(line -> line.contains("Apple")));
            assertThat(http.get("/audit/checkpoint").status()).isEqualTo(200);
            String kiwi = SharedTraceloom.unique("Kiwi");
            assertThat(http.post("/trade-items", "{\"name\":\"" + kiwi + "\"}").status()).isEqualTo(201);
            JsonNode entry = entryNaming(awaitLog(http, log -> log.stream().anyMatch(line -> line.contains(kiwi))), kiwi);

            rewrite(service, entry, kiwi, "Lime");

            Response refused = http.get("/audit/checkpoint");
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.json().get("detail").asText()).contains("Entry " + entry.get("index").asLong() + " ");
            assertThat(http.get("/audit/checkpoint?treeSize=" + entry.get("index").asLong()).status())
                    .as("a recorded mismatch refuses every checkpoint of the log").isEqualTo(503);
            assertThat(http.get("/actuator/health").json().at("/components/auditLog/status").asText()).isEqualTo("DOWN");
        }
    }

    private static JsonNode entryNaming(List<String> log, String name) {
        return log.stream().filter(line -> line.contains(name)).map(AuditLogApiTest::parse).findFirst().orElseThrow();
    }

    /** An UPDATE of the event's payload (JSON text) in the store, behind the service's back. */
    private static void rewrite(RunningTraceloom service, JsonNode entry, String from, String to) {
        JdbcTemplate store = new JdbcTemplate(service.bean(DataSource.class));
        byte[] payload = store.queryForObject("SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ? "
                        + "AND sequence_number = ?", byte[].class, entry.get("aggregateId").asText(),
                entry.get("sequence").asLong());
        String rewritten = new String(payload, StandardCharsets.UTF_8).replace(from, to);
        assertThat(store.update("UPDATE domain_event_entry SET payload = ? WHERE aggregate_identifier = ? AND "
                        + "sequence_number = ?", rewritten.getBytes(StandardCharsets.UTF_8),
                entry.get("aggregateId").asText(), entry.get("sequence").asLong())).isEqualTo(1);
        assertThat(parse(rewritten).get("name").asText()).isEqualTo(to);
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(files.resolve(name), content);
    }
}
