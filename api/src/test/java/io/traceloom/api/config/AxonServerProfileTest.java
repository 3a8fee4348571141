package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import org.axonframework.test.server.AxonServerContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The {@code axonserver} profile end to end: Axon Server (in a container, Testcontainers) holds the events and
 * routes commands and queries; writes, reads, read-your-writes and a replay of one projection work as on the
 * JDBC store, and a restart reads the events back from Axon Server. Where no Docker engine runs, JUnit reports
 * it skipped.
 */
@Testcontainers(disabledWithoutDocker = true)
class AxonServerProfileTest {

    /** The image docker-compose.yml runs. */
    static final String IMAGE = "axoniq/axonserver:2024.2.4-jdk-17";
    private static AxonServerContainer axonServer;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startAxonServer() {
        axonServer = new AxonServerContainer(IMAGE).withDevMode(true);
        axonServer.start();
    }

    @AfterAll
    static void stopAxonServer() {
        if (axonServer != null) {
            axonServer.stop();
        }
    }

    @Test
    void writesReadsAndAReplayWorkOnAxonServer() {
        String[] args = {"--spring.profiles.active=axonserver",
                "--axon.axonserver.servers=" + axonServer.getAxonServerAddress()};
        JsonNode before;
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, args)) {
            Http http = traceloom.http();
            Fixtures.writeHistory(http, 6);
            JsonNode tag = Fixtures.createTag(http, "AXON");
            assertThat(http.get("/trade-item-tags/" + tag.get("id").asText()).json()).isEqualTo(tag);
            before = Fixtures.everything(http);
            assertThat(before.get("items")).hasSize(5);

            Http.Response replay = http.send("POST", "/actuator/projections/trade-items", null,
                    BodyPublishers.noBody());
            assertThat(replay.status()).as(replay.body()).isEqualTo(202);
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (http.get("/actuator/projections/trade-items").json().get("replaying").asBoolean()) {
                assertThat(System.nanoTime()).as("replayed in time").isLessThan(deadline);
                pause();
            }
            assertThat(Fixtures.everything(http)).isEqualTo(before);
        }
        try (RunningTraceloom restarted = RunningTraceloom.start(dataDir, args)) {
            assertThat(Fixtures.everything(restarted.http())).as("rebuilt from Axon Server's events")
                    .isEqualTo(before);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
