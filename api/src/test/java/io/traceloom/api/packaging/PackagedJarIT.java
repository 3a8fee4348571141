package io.traceloom.api.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;

/**
 * The jar as the README runs it ({@code bin/traceloom}: the jar with class data sharing, prepared by its first
 * start), in a process of its own. Every
 * other HTTP test starts the application on the test class path, which holds test-scoped libraries too: a
 * library the jar lacks (a dependency narrowed to test scope, say) shows only here. Run by Failsafe after
 * {@code package}, with one request through each library-heavy path.
 */
class PackagedJarIT {

    private static final Path JAR = Path.of("target", "traceloom.jar");
    private static final Path LAUNCHER = Path.of("..", "bin", "traceloom");
    /**
     * An anti-hang guard, not a timing assertion: the first start of a build includes the class data sharing
     * training run (30 s on two quiet cores, 71 s seen under a load average of 15), then the start itself.
     */
    private static final Duration READY_WITHIN = Duration.ofMinutes(5);

    private static Path dataDir;
    private static Process process;
    private static Path log;
    private static Http http;

    @BeforeAll
    static void startTheJar() throws Exception {
        assertThat(JAR).as("the packaged jar (run after package)").exists();
        dataDir = Files.createTempDirectory("traceloom-jar-it");
        log = dataDir.resolve("traceloom.log");
        int port = freePort();
        ProcessBuilder launcher = new ProcessBuilder(List.of("sh", LAUNCHER.toString(), "--server.port=" + port,
                "--traceloom.data-dir=" + dataDir.resolve("data")))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        // the launcher runs the java on the PATH: this JVM's
        Path javaHome = Path.of(System.getProperty("java.home"), "bin");
        launcher.environment().merge("PATH", javaHome.toString(), (path, bin) -> bin + java.io.File.pathSeparator + path);
        process = launcher.start();
        http = Http.at("http://127.0.0.1:" + port);
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        while (!ready()) {
            if (!process.isAlive() || System.nanoTime() > deadline) { // an anti-hang guard, not a timing assertion
                throw new AssertionError("the jar did not become ready; its log:\n" + Files.readString(log));
            }
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
        if (dataDir != null) {
            FileSystemUtils.deleteRecursively(dataDir);
        }
    }

    @Test
    void startsWithTheClassesItsTrainingRunArchived() throws IOException {
        assertThat(Path.of("target", "cds", "app.jsa")).exists();
        assertThat(Files.readString(log)).as("the JVM's own warning when it cannot map the archive")
                .doesNotContain("Unable to use shared archive");
    }

    /**
     * An operator reads every warning of a clean start: none is noise (deprecations in Axon's annotations, the
     * embedded MongoDB's unimplemented indexes, a gauge Axon registers again for every event, a vendor's
     * advert). The first writes of each kind are in it: that is when the read models declare their indexes.
     */
    @Test
    void aCleanStartLogsNoWarningAndNoAdvert() throws IOException {
        servesEachLibraryHeavyPath();

        List<String> warnings = Files.readAllLines(log).stream()
                .filter(line -> line.matches("\\S+\\s+(WARN|ERROR) .*")).toList();
        assertThat(warnings).as("warnings of a clean start").isEmpty();
        assertThat(Files.readString(log)).doesNotContain("AxonIQ Console");
    }

    /** The launcher says what it prepares the first time, and how long that took. */
    @Test
    void theFirstStartSaysWhatItPreparesAndHowLong() throws IOException {
        String output = Files.readString(log);
        Path archive = Path.of("target", "cds", "app.jsa");
        if (output.contains("preparing class data sharing")) {
            assertThat(output).containsPattern("class data sharing prepared in \\d+ s");
        } else {
            assertThat(Files.getLastModifiedTime(archive)).as("prepared by an earlier start of this build")
                    .isGreaterThanOrEqualTo(Files.getLastModifiedTime(JAR));
        }
    }

    @Test
    void exitsOnOutOfMemoryError() {
        // the launcher ends in exec: the process it started is the JVM
        List<String> arguments = ProcessHandle.of(process.pid()).flatMap(jvm -> jvm.info().arguments())
                .map(List::of).orElseThrow();

        assertThat(arguments).contains("-XX:+ExitOnOutOfMemoryError");
    }

    @Test
    void isHealthy() {
        Http.Response health = http.get("/actuator/health");

        assertThat(health.status()).as(health.body()).isEqualTo(200);
        assertThat(health.json().get("status").asText()).isEqualTo("UP");
    }

    @Test
    void servesEachLibraryHeavyPath() {
        assertThat(http.post("/trade-items", "{\"name\":\"Apples\"}").status()).isEqualTo(201);
        assertThat(http.post("/schemas", "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\"}}").status())
                .as("JSON Schema").isEqualTo(201);
        assertThat(http.post("/canvas-templates",
                "{\"name\":\"Label\",\"template\":\"<h1>{{lot}}</h1>\",\"schema\":{\"type\":\"object\"}}").status())
                .as("Handlebars").isEqualTo(201);
        Http.Response credential = http.post("/credentials/issue", "{\"credentialSubject\":{\"id\":\"urn:x:1\"}}");
        assertThat(credential.status()).as("JSON-LD and Ed25519: " + credential.body()).isEqualTo(201);
        assertThat(http.get("/v3/api-docs").status()).as("the API document").isEqualTo(200);
    }

    private static boolean ready() {
        try {
            return http.get("/actuator/health/readiness").status() == 200;
        } catch (RuntimeException notYetListening) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
