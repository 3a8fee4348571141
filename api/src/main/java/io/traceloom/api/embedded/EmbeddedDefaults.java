package io.traceloom.api.embedded;

import io.traceloom.api.storage.OwnerOnlyFilePath;
import io.traceloom.command.config.CommandSideProperties;
import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With no database configured, events go to an H2 file under the data directory, created owner-only
 * ({@link OwnerOnlyFilePath}). The path is made absolute here because H2 refuses paths that are
 * implicitly relative to the working directory.
 *
 * <p>{@code WRITE_DELAY=500} (H2's default) lets H2 keep commits in memory and write them as one chunk
 * when a group commit forces the store (see {@code io.traceloom.api.storage}), or at the latest half a
 * second later. A write answers only after a force that covers it, so what a crash loses is writes not
 * yet answered. ({@code WRITE_DELAY=0} wrote a chunk per commit, serialized all commits on that write,
 * grew the file by a chunk per commit, and forced nothing.) {@code DB_CLOSE_ON_EXIT=FALSE}: the service
 * closes the database when it stops, after the requests in flight; H2's own shutdown hook closed it
 * under them.
 *
 * <p>{@code RETENTION_TIME=2000}: H2 reuses the space of a chunk no live data is left in once it is two
 * seconds old, instead of 45. H2's default assumes the operating system writes its buffers out within that
 * time; here nothing is left to the operating system: each write is forced by a group commit, and what the
 * store writes on its own is forced within a quarter of a second ({@code StorageConfiguration.IDLE_FORCE}).
 * Under sustained writes the file grows by about 12 KB per write until the chunks it replaced may be
 * reused, so the file kept about 45 seconds of writes (360 MB after 25,000 writes, 15 times its data);
 * now about 2 seconds' (BENCHMARKS.md).
 *
 * <p>{@code MAX_COMPACT_TIME=0}: no compaction when the database closes. H2 2.3.232 commits before that compaction
 * and not after it, and a file closed so could open at an older version, without writes that had been forced and
 * answered (h2database issue 4247, fixed in 2.4.240): ReadModelStoreRestartTest lost a run's create and delete so,
 * in 2 of 7 runs. The file is kept small while the service runs, by H2's housekeeping, as before.
 */
public class EmbeddedDefaults implements EnvironmentPostProcessor, Ordered {

    static final String DATASOURCE_URL = "spring.datasource.url";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        OwnerOnlyFilePath.register();
        if (EmbeddedReadModels.in(environment)) {
            CodeDigest.prefetch();
        }
        if (environment.containsProperty(DATASOURCE_URL)) {
            return;
        }
        Path dataDir = Binder.get(environment).bindOrCreate("traceloom", CommandSideProperties.class).dataDir();
        environment.getPropertySources().addLast(new MapPropertySource("traceloomEmbeddedDefaults", Map.of(
                DATASOURCE_URL, url(OwnerOnlyFilePath.databaseName(dataDir.resolve("events").resolve("traceloom"))),
                "spring.datasource.username", "sa")));
    }

    /** The URL of the embedded event store for an H2 database name (H2 adds its file suffix). */
    public static String url(String databaseName) {
        return "jdbc:h2:" + databaseName
                + ";WRITE_DELAY=500;RETENTION_TIME=2000;DB_CLOSE_ON_EXIT=FALSE;MAX_COMPACT_TIME=0";
    }

    @Override
    public int getOrder() {
        // after the config files and the command line have been read
        return Ordered.LOWEST_PRECEDENCE;
    }
}
