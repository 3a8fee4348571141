package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.TraceloomApplication;
import io.traceloom.api.support.RunningTraceloom;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service in a JVM of its own, under 16 concurrent writers, killed with SIGKILL, started again on
 * the same data directory: every write answered 2xx before the kill is there, and the restarted service takes over
 * the projections the killed one had claimed at once, without waiting for its claims to time out.
 */
class KillUnderLoadTest {

    private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");
    private static final int WRITERS = 16;
    private static final String CLAIM_TIMEOUT = "--traceloom.projections.claim-timeout=10m";

    @TempDir
    Path dataDir;

    @Test
    void everyAnsweredWriteSurvivesAKill() throws Exception {
        Process service = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), TraceloomApplication.class.getName(),
                "--server.port=0", "--traceloom.data-dir=" + dataDir, CLAIM_TIMEOUT)
                .redirectErrorStream(true)
                .start();
        Map<String, String> answered = new ConcurrentHashMap<>(); // id -> path to read it back
        try {
            String base = "http://127.0.0.1:" + portOf(service);
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            awaitReady(client, base);
            assertThat(post(client, base, "/trade-item-tags", "{\"code\":\"KILL\",\"name\":\"Kill\"}").statusCode())
                    .isEqualTo(201);

            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                boolean tags = w % 4 == 0;
                done.add(writers.submit(() -> {
                    while (service.isAlive()) {
                        try {
                            HttpResponse<String> created = tags
                                    ? post(client, base, "/trade-item-tags", "{\"code\":\"K-" + UUID.randomUUID()
                                            + "\",\"name\":\"Killed\"}")
                                    : post(client, base, "/trade-items",
                                            "{\"name\":\"Lamp\",\"tradeItemTag\":\"KILL\"}");
                            if (created.statusCode() / 100 == 2) {
                                answered.put(idOf(created.body()), tags ? "/trade-item-tags/" : "/trade-items/");
                            }
                        } catch (IOException killed) {
                            return;
                        }
                    }
                }));
            }
            long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (answered.size() < 300 && System.nanoTime() < guard) {
                Thread.sleep(10);
            }
            service.destroyForcibly(); // SIGKILL
            assertThat(service.waitFor(60, TimeUnit.SECONDS)).isTrue();
            for (Future<?> writer : done) {
                writer.get(60, TimeUnit.SECONDS);
            }
            writers.shutdown();
        } finally {
            service.destroyForcibly();
        }
        assertThat(answered).hasSizeGreaterThanOrEqualTo(300);

        // the projections' claims of the killed process are the restarted one's at once: a claim timeout of ten
        // minutes, waited for, would keep it from being ready within the minute it is given
        try (RunningTraceloom restarted = RunningTraceloom.start(dataDir, CLAIM_TIMEOUT)) {
            List<String> lost = answered.entrySet().stream()
                    .filter(write -> restarted.http().get(write.getValue() + write.getKey()).status() != 200)
                    .map(Map.Entry::getKey)
                    .toList();
            assertThat(lost).as("answered 2xx before the kill, missing after the restart").isEmpty();
        }
    }

    private static HttpResponse<String> post(HttpClient client, String base, String path, String json)
            throws IOException {
        try {
            return client.send(HttpRequest.newBuilder(URI.create(base + path))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString(json)).build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static String idOf(String body) {
        Matcher id = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(body);
        assertThat(id.find()).as(body).isTrue();
        return id.group(1);
    }

    /** Reads the service's log until it names its port; keeps draining it so the service never blocks. */
    private static int portOf(Process service) throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader log = new BufferedReader(
                    new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = log.readLine(); line != null; line = log.readLine()) {
                    Matcher started = STARTED.matcher(line);
                    if (started.find()) {
                        port.complete(Integer.parseInt(started.group(1)));
                    }
                }
                port.completeExceptionally(new IllegalStateException("the service exited before listening"));
            } catch (IOException e) {
                port.completeExceptionally(new UncheckedIOException(e));
            }
        }, "service-log");
        reader.setDaemon(true);
        reader.start();
        return port.get(180, TimeUnit.SECONDS);
    }

    private static void awaitReady(HttpClient client, String base) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        HttpRequest readiness = HttpRequest.newBuilder(URI.create(base + "/actuator/health/readiness")).build();
        while (client.send(readiness, BodyHandlers.discarding()).statusCode() != 200) {
            assertThat(System.nanoTime()).as("ready in time").isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
