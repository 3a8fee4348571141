package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.embedded.EmbeddedDefaults;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is read that was not forced: while the embedded store's force of a delete hangs (a slow disk), a
 * history, a resource as of now, and a decision that depends on the delete do not show it, since the force may
 * yet fail (here it does: the delete is then never acknowledged, and a restart finds the tag as it was). A reader
 * that had shown the delete would have shown an event the store then lost, whose sequence number a later event
 * takes, and a history's ETag that names it would match that other event's.
 */
class PowerLossReadsTest {

    @TempDir
    Path dataDir;

    @AfterEach
    void plugBackIn() {
        PowerLossFilePath.plugIn();
    }

    @Test
    void readsAndDecisionsDoNotShowAnEventWhoseForceFails() throws Exception {
        PowerLossFilePath.plugIn();
        String url = EmbeddedDefaults.url(PowerLossFilePath.SCHEME + ":"
                + dataDir.resolve("events").resolve("traceloom").toAbsolutePath());
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir,
                "--spring.datasource.url=" + url, "--spring.datasource.username=sa")) {
            Http http = traceloom.http();
            Http.Response created = http.post("/trade-item-tags", "{\"code\":\"UNFORCED\",\"name\":\"Unforced\"}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            String tag = "/trade-item-tags/" + created.json().get("id").asText();
            GroupCommit groupCommit = ((StorageConfiguration.ForcedByGroupCommit) traceloom.bean(DurableCommits.class))
                    .groupCommit();

            PowerLossFilePath.holdForces();
            CompletableFuture<Http.Response> delete = CompletableFuture.supplyAsync(() -> http.delete(tag));
            long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard
            while (groupCommit.waiting() == 0 && System.nanoTime() < guard) {
                Thread.sleep(10); // until the delete is committed, and waits for its force
            }
            assertThat(groupCommit.waiting()).as("the delete waits for its force").isPositive();

            String now = Instant.now().toString();
            CompletableFuture<Http.Response> history = CompletableFuture.supplyAsync(() -> http.get(tag + "/history"));
            CompletableFuture<Http.Response> asOf = CompletableFuture.supplyAsync(() -> http.get(tag + "?asOf=" + now));
            CompletableFuture<Http.Response> decision = CompletableFuture.supplyAsync(() -> http.post("/trade-items",
                    "{\"name\":\"Lamp\",\"tradeItemTag\":\"UNFORCED\"}"));
            try {
                CompletableFuture.allOf(history, asOf, decision).get(3, TimeUnit.SECONDS);
            } catch (TimeoutException waitingForTheForce) {
                // as they should: what they read is not forced yet
            }
            PowerLossFilePath.failForces();
            PowerLossFilePath.releaseForces();

            assertThat(delete.get(30, TimeUnit.SECONDS).status()).isEqualTo(503);
            Http.Response events = history.get(30, TimeUnit.SECONDS);
            assertThat(events.status() == 503 || !events.body().contains("TradeItemTagDeleted"))
                    .as("a history showing a delete whose force failed: %s %s", events.status(), events.body())
                    .isTrue();
            Http.Response then = asOf.get(30, TimeUnit.SECONDS);
            assertThat(then.status() == 503 || then.json().get("deleted").asBoolean() == false)
                    .as("the tag as of now, with a delete whose force failed: %s %s", then.status(), then.body())
                    .isTrue();
            Http.Response decided = decision.get(30, TimeUnit.SECONDS);
            assertThat(decided.status())
                    .as("a decision on a delete whose force failed: %s", decided.body())
                    .isIn(201, 503);
        }
    }
}
