package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.embedded.EmbeddedDefaults;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2xx means the write survives a power loss: the embedded store runs on {@link PowerLossFilePath},
 * which keeps only forced writes when the plug is pulled, under 8 concurrent writers for some seconds (so the
 * store has reused the space of chunks it replaced); after a restart on what was forced, every write answered
 * before the plug was pulled is there.
 */
class PowerLossTest {

    private static final int WRITERS = 8;

    @TempDir
    Path dataDir;

    @Test
    void everyAnsweredWriteSurvivesAPowerLoss() throws Exception {
        PowerLossFilePath.plugIn();
        String url = EmbeddedDefaults.url(PowerLossFilePath.SCHEME + ":"
                + dataDir.resolve("events").resolve("traceloom").toAbsolutePath());
        Map<String, Long> answeredAt = new ConcurrentHashMap<>();
        long plugPulledAt;
        try (RunningTraceloom running = RunningTraceloom.start(dataDir,
                "--spring.datasource.url=" + url, "--spring.datasource.username=sa")) {
            Http http = running.http();
            assertThat(http.post("/trade-item-tags", "{\"code\":\"POWER\",\"name\":\"Power\"}").status())
                    .isEqualTo(201);
            AtomicBoolean writing = new AtomicBoolean(true);
            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                done.add(writers.submit(() -> {
                    while (writing.get()) {
                        Http.Response created = http.post("/trade-items",
                                "{\"name\":\"Lamp\",\"tradeItemTag\":\"POWER\"}");
                        if (created.status() == 201) {
                            answeredAt.put(created.json().get("id").asText(), System.nanoTime());
                        }
                    }
                }));
            }
            // long enough for the store to reuse the space of chunks it replaced (RETENTION_TIME=2000)
            long reuseBegins = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
            while (answeredAt.size() < 200 || System.nanoTime() < reuseBegins) {
                Thread.sleep(10);
            }
            plugPulledAt = System.nanoTime();
            PowerLossFilePath.pullThePlug();
            writing.set(false);
            for (Future<?> writer : done) {
                writer.get();
            }
            writers.shutdown();
        }
        PowerLossFilePath.keepOnlyWhatWasForced();

        List<String> acknowledged = answeredAt.entrySet().stream()
                .filter(answer -> answer.getValue() < plugPulledAt)
                .map(Map.Entry::getKey)
                .toList();
        assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(200);
        try (RunningTraceloom restarted = RunningTraceloom.start(dataDir)) {
            List<String> lost = acknowledged.stream()
                    .filter(id -> restarted.http().get("/trade-items/" + id).status() != 200)
                    .toList();
            assertThat(lost).as("answered 201 before the power loss, missing after it").isEmpty();
        }
    }
}
