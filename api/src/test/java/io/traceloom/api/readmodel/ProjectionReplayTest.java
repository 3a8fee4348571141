package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator replays one projection from the event store; it comes back equal, the others untouched. (Reads
 * and writes during a replay: {@link ReplayDuringTrafficTest}.)
 */
class ProjectionReplayTest {

    @TempDir
    static Path dataDir;
    private static RunningTraceloom traceloom;
    private static Http http;

    @BeforeAll
    static void start() {
        traceloom = RunningTraceloom.start(dataDir);
        http = traceloom.http();
        Fixtures.writeHistory(http, 30);
        // until the audit log has recorded those writes: its appends would move the store's head under the replay
        AuditFeeds.awaitAppended(traceloom);
    }

    @AfterAll
    static void stop() {
        traceloom.close();
    }

    @Test
    void aReplayedProjectionIsRebuiltEqual() {
        JsonNode before = Fixtures.everything(http);
        JsonNode tagsStatusBefore = http.get("/actuator/projections/trade-item-tags").json();

        Response replay = http.send("POST", "/actuator/projections/trade-items", null, BodyPublishers.noBody());
        assertThat(replay.status()).as(replay.body()).isEqualTo(202);
        assertThat(replay.json().get("replaying").asBoolean()).isTrue();

        JsonNode replayed = awaitReplayed("trade-items");
        assertThat(replayed.get("position").asLong()).isEqualTo(replayed.get("head").asLong());
        assertThat(Fixtures.everything(http)).isEqualTo(before);
        assertThat(http.get("/actuator/projections/trade-item-tags").json()).isEqualTo(tagsStatusBefore);
    }

    @Test
    void everyProjectionIsListedWithItsPosition() {
        JsonNode projections = http.get("/actuator/projections").json();

        assertThat(projections.has("trade-items")).isTrue();
        assertThat(projections.has("trade-item-tags")).isTrue();
        JsonNode items = projections.get("trade-items");
        assertThat(items.get("running").asBoolean()).isTrue();
        assertThat(items.get("error").asBoolean()).isFalse();
        assertThat(items.get("head").asLong()).isPositive();
        assertThat(items.get("lag").asLong()).isEqualTo(items.get("head").asLong() - items.get("position").asLong());
        assertThat(items.get("failure").isNull()).isTrue();
        assertThat(items.get("replay").isNull()).isTrue();
    }

    @Test
    void anUnknownProjectionIsNotFound() {
        assertThat(http.get("/actuator/projections/nope").status()).isEqualTo(404);
        assertThat(http.send("POST", "/actuator/projections/nope", null, BodyPublishers.noBody()).status())
                .isEqualTo(404);
        assertThat(http.delete("/actuator/projections/nope").status()).isEqualTo(404);
    }

    /** {@code replaying} stays true until the rebuilt read model has caught up and taken the live one's place. */
    private static JsonNode awaitReplayed(String projection) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            JsonNode status = http.get("/actuator/projections/" + projection).json();
            if (!status.get("replaying").asBoolean()) {
                return status;
            }
            assertThat(System.nanoTime()).as("replay of " + projection + " finished in time").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }
}
