package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.embedded.EmbeddedDefaults;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once a force of the embedded store has failed, nothing written since can be acknowledged, and the store must
 * write nothing more either: H2 reuses the space of a chunk two seconds after it was replaced
 * ({@code RETENTION_TIME=2000}), trusting the forces to have put the newer chunks on disk by then. With the forces
 * failing, a store left running overwrites what the last good force left on disk with chunks that are not, and a
 * power loss before the restart finds neither. So the store is closed at once: its file stays as the last force
 * left it, writes answer 503, and liveness asks for the restart.
 */
class FailedForceTest {

    @TempDir
    Path dataDir;

    @AfterEach
    void plugBackIn() {
        PowerLossFilePath.plugIn();
    }

    @Test
    void afterAFailedForceTheStoreWritesNothingMoreAndWritesAnswer503() throws Exception {
        PowerLossFilePath.plugIn();
        Path file = dataDir.resolve("events").resolve("traceloom.mv.db");
        String url = EmbeddedDefaults.url(PowerLossFilePath.SCHEME + ":"
                + dataDir.resolve("events").resolve("traceloom").toAbsolutePath());
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir,
                "--spring.datasource.url=" + url, "--spring.datasource.username=sa")) {
            Http http = traceloom.http();
            assertThat(http.post("/trade-item-tags", "{\"code\":\"BEFORE\",\"name\":\"Before\"}").status())
                    .isEqualTo(201);

            PowerLossFilePath.failForces();
            Http.Response failed = http.post("/trade-item-tags", "{\"code\":\"FAILED\",\"name\":\"Failed\"}");
            assertThat(failed.status()).as(failed.body()).isEqualTo(503);
            awaitStatus(http, "/actuator/health/liveness", 503);

            String left = digest(file);
            for (int i = 0; i < 5; i++) {
                assertThat(http.post("/trade-item-tags", "{\"code\":\"AFTER-" + i + "\",\"name\":\"After\"}")
                        .status()).isEqualTo(503);
            }
            Thread.sleep(3000); // past the store's write delay and retention time: what it would write, it has
            assertThat(digest(file)).as("the store's file as the failed force left it").isEqualTo(left);
        }
    }

    private static String digest(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static void awaitStatus(Http http, String path, int status) throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard, not a timing assertion
        while (http.get(path).status() != status && System.nanoTime() < guard) {
            Thread.sleep(50);
        }
        assertThat(http.get(path).status()).isEqualTo(status);
    }
}
