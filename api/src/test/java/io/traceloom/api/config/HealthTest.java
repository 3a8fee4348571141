package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.file.Path;
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
        assertThat(json.at("/components/readModels/status").asText()).isEqualTo("UP");
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
