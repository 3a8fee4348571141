package io.traceloom.api.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.springframework.util.FileSystemUtils;

/**
 * One application for the HTTP test classes that only add data, started once per test JVM: each start
 * costs seconds. Tests in it use fresh codes and ids, so they do not depend on one another; a test whose
 * writes reach a whole tenant (setting a tag catalogue) acts for a tenant of its own ({@link OtherTenants}).
 */
public final class SharedTraceloom {

    private static RunningTraceloom instance;

    private SharedTraceloom() {
    }

    public static synchronized RunningTraceloom get() {
        if (instance == null) {
            try {
                Path dataDir = Files.createTempDirectory("traceloom-http-test");
                instance = RunningTraceloom.start(dataDir, List.of(OtherTenants.class));
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    instance.close();
                    FileSystemUtils.deleteRecursively(dataDir.toFile());
                }));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    /** A code no other test uses. */
    public static String unique(String prefix) {
        return prefix + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
    }
}
