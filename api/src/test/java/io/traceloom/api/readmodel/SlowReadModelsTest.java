package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;
import javax.sql.DataSource;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventProcessor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write waits for its own events only: positions in the store that no event will ever fill (appends
 * rolled back, or lost in a crash) are not its business. And a recorded write whose read models are late
 * still tells the client where the resource is, so that nobody has to retry a write that happened.
 */
class SlowReadModelsTest {

    @TempDir
    static Path dataDir;
    private static RunningTraceloom traceloom;
    private static Http http;

    @BeforeAll
    static void start() {
        traceloom = RunningTraceloom.start(dataDir, "--traceloom.read-models.await-timeout=3s");
        http = traceloom.http();
    }

    @AfterAll
    static void stop() {
        traceloom.close();
    }

    @Test
    void aPositionNoEventWillFillDoesNotHoldUpLaterWrites() throws Exception {
        assertThat(http.post("/trade-items", "{\"name\":\"Before the gap\"}").status()).isEqualTo(201);

        burnAGlobalIndex();

        for (int i = 0; i < 3; i++) {
            long started = System.nanoTime();
            Response created = http.post("/trade-items", "{\"name\":\"After the gap " + i + "\"}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            assertThat((System.nanoTime() - started) / 1_000_000).as("ms for a write after a permanent gap")
                    .isLessThan(2_000);
        }
    }

    @Test
    void aRecordedWriteWhoseReadModelsLagAnswers202WithItsLocation() {
        EventProcessor items = traceloom.bean(EventProcessingConfiguration.class)
                .eventProcessor("trade-items").orElseThrow();
        items.shutDown();
        String key = UUID.randomUUID().toString();
        Response accepted;
        try {
            accepted = http.post("/trade-items", "{\"name\":\"Late\"}", "Idempotency-Key", key);
        } finally {
            items.start();
        }

        assertThat(accepted.status()).as(accepted.body()).isEqualTo(202);
        String location = accepted.header("Location");
        assertThat(location).matches(".*/trade-items/[0-9a-f-]{36}");
        assertThat(accepted.contentType()).startsWith("application/problem+json");
        assertThat(accepted.json().get("id").asText()).isEqualTo(location.replaceAll(".*/", ""));
        assertThat(accepted.json().get("type").asText()).endsWith("read-model-lag");

        String path = location.replaceAll("^https?://[^/]+", "");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (http.get(path).status() != 200) {
            assertThat(System.nanoTime()).as("the item became readable").isLessThan(deadline);
            Thread.onSpinWait();
        }

        Response retried = http.post("/trade-items", "{\"name\":\"Late\"}", "Idempotency-Key", key);
        assertThat(retried.status()).as("a retry gets the first answer, and creates nothing").isEqualTo(202);
        assertThat(retried.header("Location")).isEqualTo(location);
    }

    /**
     * A write waits only for the projections that handle its events: with the trade items' projection stopped
     * (stuck, as one that retries a failing batch is), a schema, which that projection does not fold, is written
     * and read back at once, where it used to wait the whole timeout and answer 202.
     */
    @Test
    void aStuckProjectionDoesNotDelayAWriteItDoesNotHandle() {
        EventProcessor items = traceloom.bean(EventProcessingConfiguration.class)
                .eventProcessor("trade-items").orElseThrow();
        items.shutDown();
        String schema = UUID.randomUUID().toString();
        Response written;
        Response late;
        try {
            written = http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\"}}");
            assertThat(written.status()).as(written.body()).isEqualTo(201);
            assertThat(http.get("/schemas/" + schema).status()).as("read your write").isEqualTo(200);
            // and a write the stuck projection does handle still waits for it
            late = http.post("/trade-items", "{\"name\":\"Behind a stuck projection\"}");
        } finally {
            items.start();
        }
        assertThat(late.status()).as(late.body()).isEqualTo(202);
        assertThat(late.header("Retry-After")).isNotBlank();
    }

    /**
     * Takes a global index and never commits it, as a rolled-back append does: the identity sequence does not
     * give it back, and the projections record a gap there for good.
     */
    private static void burnAGlobalIndex() throws Exception {
        try (Connection connection = traceloom.bean(DataSource.class).getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO domain_event_entry "
                    + "(event_identifier, aggregate_identifier, sequence_number, time_stamp, payload_type, payload) "
                    + "VALUES (?, ?, 0, '2026-01-01T00:00:00Z', 'rolled.Back', X'7B7D')")) {
                insert.setString(1, UUID.randomUUID().toString());
                insert.setString(2, UUID.randomUUID().toString());
                insert.executeUpdate();
            }
            connection.rollback();
        }
    }
}
