package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data directory and everything in it is created readable by its owner only. */
class OwnerOnlyDataTest {

    @TempDir
    Path root;

    @Test
    void theDataDirectoryAndEverythingInItIsOwnerOnly() throws IOException {
        Path dataDir = root.resolve("not-yet").resolve("data");
        try (RunningTraceloom running = RunningTraceloom.start(dataDir)) {
            assertThat(running.http().post("/trade-item-tags", "{\"code\":\"PRIVATE\",\"name\":\"Private\"}")
                    .status()).isEqualTo(201);
            assertThat(running.http().post("/credentials/issue", "{}").status()).isEqualTo(201);
            assertOwnerOnly(dataDir, "while running, after writes");
        }
        assertThat(permissions(dataDir)).containsKeys("", "events", "events/traceloom.mv.db", "keys", "keys/master.key");
        assertOwnerOnly(dataDir, "after a stop");
        assertThat(permissions(root.resolve("not-yet"))).containsEntry("", "rwx------");
    }

    private static void assertOwnerOnly(Path dataDir, String when) throws IOException {
        assertThat(permissions(dataDir)).as(when).allSatisfy((path, mode) -> assertThat(mode).as(path)
                .isEqualTo(Files.isDirectory(dataDir.resolve(path)) ? "rwx------" : "rw-------"));
    }

    /** Every path under {@code directory} (itself as ""), with its POSIX permissions. */
    private static Map<String, String> permissions(Path directory) throws IOException {
        Map<String, String> modes = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.toList()) {
                modes.put(directory.relativize(path).toString(),
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(path)));
            }
        }
        return modes;
    }
}
