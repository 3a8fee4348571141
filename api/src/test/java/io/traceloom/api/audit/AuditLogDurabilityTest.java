package io.traceloom.api.audit;

import static io.traceloom.api.audit.AuditLogApiTest.awaitLog;
import static io.traceloom.api.audit.AuditLogApiTest.verify;
import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.util.FileSystemUtils;

/**
 * An entry's index and content never change: not when the service starts again with every read model gone (as
 * after a kill -9 on the embedded default, whose read models live in memory), its log's tree rebuilt from the log's
 * events and the store read again from its start by the appender, which then appends nothing twice.
 */
class AuditLogDurabilityTest {

    @TempDir
    Path dataDir;
    @TempDir
    Path files;

    @Test
    void theLogIsTheSameAfterEveryReadModelIsRebuiltAndTheStoreIsReadAgainFromItsStart() throws IOException {
        List<String> before;
        String checkpoint;
        long appends;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 12);
            assertThat(first.http().post("/trade-items", "{\"name\":\"Last before\"}").status()).isEqualTo(201);
            awaitLog(first.http(), log -> log.stream().anyMatch(line -> line.contains("Last before")));
            // signed by the tenant's issuer, whose key is created (an event of the log) the first time
            checkpoint = first.http().get("/audit/checkpoint").body();
            before = awaitLog(first.http(), log -> log.stream().anyMatch(line -> line.contains("IssuerKeyCreated")));
            awaitAppenderAtHead(first);
            appends = appends(first);
        }
        // no copy of the read models saved at the stop: every read model and token is rebuilt from the events
        FileSystemUtils.deleteRecursively(dataDir.resolve("read-models"));

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            awaitAppenderAtHead(second);
            List<String> again = AuditLogApiTest.export(second.http());
            assertThat(again).as("the same entries at the same indexes").isEqualTo(before);
            assertThat(appends(second)).as("reading the store again appended nothing").isEqualTo(appends);
            Path log = Files.writeString(files.resolve("feed.ndjson"), String.join("\n", again) + "\n");
            Path signed = Files.writeString(files.resolve("checkpoint.json"), checkpoint);
            assertThat(verify("--log", log, "--checkpoint", signed).exit()).isZero();

            assertThat(second.http().post("/trade-items", "{\"name\":\"First after\"}").status()).isEqualTo(201);
            List<String> after = awaitLog(second.http(), entries -> entries.stream()
                    .anyMatch(line -> line.contains("First after")));
            assertThat(after.subList(0, before.size())).isEqualTo(before);
            assertThat(after.get(before.size())).contains("First after").contains("\"index\":" + before.size());
            assertThat(after).hasSize(before.size() + 1);
        }
    }

    /** The number of the log's own events in the store. */
    private static long appends(RunningTraceloom service) {
        return new JdbcTemplate(service.bean(DataSource.class)).queryForObject(
                "SELECT COUNT(*) FROM domain_event_entry WHERE payload_type LIKE '%AuditLogExtended'", Long.class);
    }

    private static void awaitAppenderAtHead(RunningTraceloom service) {
        AuditFeeds.awaitAppended(service);
    }
}
