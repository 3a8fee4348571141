package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Health is UP when everything the service depends on answers, and DOWN when one of them does not. */
class HealthTest {

    @TempDir
    Path dataDir;

    @Test
    void aFreshEmbeddedDefaultIsUp() {
        Http.Response health = SharedTraceloom.get().http().get("/actuator/health");

        assertThat(health.status()).as(health.body()).isEqualTo(200);
        JsonNode json = health.json();
        assertThat(json.get("status").asText()).isEqualTo("UP");
        assertThat(json.at("/components/mongo/status").asText()).as("the in-process MongoDB answers ping")
                .isEqualTo("UP");
        assertThat(json.at("/components/db/status").asText()).as("the event store").isEqualTo("UP");
        assertThat(json.at("/components/eventStore/status").asText()).as("the event store answers a query")
                .isEqualTo("UP");
        assertThat(json.at("/components/readModels/status").asText()).isEqualTo("UP");
        assertThat(SharedTraceloom.get().http().get("/actuator/health/liveness").status()).isEqualTo(200);
    }

    /**
     * The embedded event store closed under the running service, as H2 closes it after a failure in its write
     * path ({@code MVStoreException}, an {@code OutOfMemoryError} there), and as it never reopens: health and
     * readiness say so, liveness fails so that an orchestrator restarts the process, and writes answer 503, not
     * 500. (The issue saw every request answer 500 "The database has been closed" while all three said UP.)
     */
    @Test
    void aClosedEmbeddedEventStoreTakesHealthReadinessAndLivenessDownAndWritesAnswer503() throws Exception {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir)) {
            Http http = traceloom.http();
            assertThat(http.post("/trade-item-tags", "{\"code\":\"BEFORE\",\"name\":\"Before\"}").status())
                    .isEqualTo(201);

            Connection connection = traceloom.bean(DataSource.class).getConnection();
            try {
                connection.createStatement().execute("SHUTDOWN IMMEDIATELY");
            } finally {
                try {
                    connection.close();
                } catch (SQLException closedWithTheStore) {
                    // the pool could not roll the connection back: its database is gone
                }
            }

            awaitStatus(http, "/actuator/health/liveness", 503);
            Http.Response liveness = http.get("/actuator/health/liveness");
            assertThat(liveness.json().get("status").asText()).as(liveness.body()).isEqualTo("DOWN");
            Http.Response readiness = http.get("/actuator/health/readiness");
            assertThat(readiness.status()).as(readiness.body()).isEqualTo(503);
            assertThat(readiness.json().at("/components/eventStore/status").asText()).isEqualTo("DOWN");
            Http.Response health = http.get("/actuator/health");
            assertThat(health.status()).as(health.body()).isEqualTo(503);
            assertThat(health.json().at("/components/eventStore/status").asText()).isEqualTo("DOWN");

            for (int attempt = 0; attempt < 3; attempt++) {
                Http.Response write = http.post("/trade-item-tags",
                        "{\"code\":\"AFTER-" + attempt + "\",\"name\":\"After\"}");
                assertThat(write.status()).as(write.body()).isEqualTo(503);
                assertThat(write.contentType()).startsWith("application/problem+json");
                assertThat(write.header("Retry-After")).isNotNull();
                assertThat(write.json().get("detail").asText()).doesNotContain("org.h2", "Exception");
            }
        }
    }

    /** Polls until {@code path} answers {@code status}: the store is found closed by a check that runs apart. */
    private static void awaitStatus(Http http, String path, int status) throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard, not a timing assertion
        while (http.get(path).status() != status && System.nanoTime() < guard) {
            Thread.sleep(50);
        }
    }

    @Test
    void healthIsDownWhileTheMongoDbOfTheReadModelsIsDown() {
        MongoServer mongo = new MongoServer(new MemoryBackend());
        mongo.bind("127.0.0.1", 0);
        String uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri)) {
            Http http = traceloom.http();
            assertThat(http.get("/actuator/health").json().at("/components/mongo/status").asText()).isEqualTo("UP");

            mongo.shutdownNow();

            Http.Response health = http.get("/actuator/health");
            assertThat(health.status()).as(health.body()).isEqualTo(503);
            assertThat(health.json().get("status").asText()).isEqualTo("DOWN");
            assertThat(health.json().at("/components/mongo/status").asText()).isEqualTo("DOWN");
            assertThat(health.json().at("/components/db/status").asText()).as("the event store still answers")
                    .isEqualTo("UP");
        } finally {
            mongo.shutdownNow();
        }
    }
}
