package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.ServiceProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service in a JVM of its own with a small heap, driven to its memory bound by the heaviest legal requests
 * from several clients at once (renders of about 1 MB of variables into about 1 MB of output, each kept in the
 * event store and the read models), while another client keeps writing small things. The service may refuse what it cannot take (a 4xx, or 503 with
 * {@code Retry-After}), or exit on {@link OutOfMemoryError}; it never answers 500, and never runs on broken. Then
 * the event store opens again, and every write it acknowledged (2xx) is there, read back through the API.
 *
 * <p>The issue this comes from saw H2 fail inside its write path ({@code MVStoreException: OutOfMemoryError}),
 * every request answer 500 from then on, and the store no longer open in 3 restarts of 4 ("File corrupted in
 * chunk").
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class MemoryBoundTest {

    private static final String HEAP = "-Xmx256m";
    private static final int RENDERERS = 4;
    private static final int MAX_RENDERS = 240;
    private static final Duration HAMMERING = Duration.ofMinutes(4);
    /** What the JVM prints when {@code -XX:+ExitOnOutOfMemoryError} ends it. */
    private static final String EXITED_ON_OOM = "Terminating due to java.lang.OutOfMemoryError";
    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

    @TempDir
    Path work;

    @Test
    void heavyRequestsOnASmallHeapAreRefusedOrEndTheProcessAndEveryAcknowledgedWriteSurvives() throws Exception {
        Path logs = Files.createDirectories(work.resolve("logs"));
        Path dataDir = work.resolve("data");
        Map<String, String> acknowledged = new ConcurrentHashMap<>(); // id -> the path to read it back
        Queue<String> unexpected = new ConcurrentLinkedQueue<>();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger unavailable = new AtomicInteger();
        String outcome;
        boolean exited;
        String output;

        ServiceProcess service = ServiceProcess.traceloom("small-heap", logs, List.of(HEAP),
                List.of("--traceloom.data-dir=" + dataDir), Duration.ofMinutes(3));
        try {
            service.awaitReady(Duration.ofMinutes(3));
            Http http = service.http();
            Http.Response template = http.post("/canvas-templates", "{\"name\":\"Heavy\","
                    + "\"template\":\"{{#each a}}{{{s}}}{{/each}}\",\"schema\":{\"type\":\"object\"}}");
            assertThat(template.status()).as(template.body()).isEqualTo(201);
            String render = "/canvas-templates/" + template.json().get("id").asText() + "/render";
            String variables = heaviestVariables();

            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            String base = http.baseUrl();
            AtomicInteger renders = new AtomicInteger();
            long until = System.nanoTime() + HAMMERING.toNanos();
            ExecutorService clients = Executors.newFixedThreadPool(RENDERERS + 1);
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c <= RENDERERS; c++) {
                boolean renderer = c < RENDERERS;
                done.add(clients.submit(() -> {
                    while (service.isAlive() && System.nanoTime() < until && renders.get() < MAX_RENDERS) {
                        if (renderer) {
                            renders.incrementAndGet();
                        }
                        String path = renderer ? render : "/trade-item-tags";
                        String body = renderer ? variables
                                : "{\"code\":\"T-" + UUID.randomUUID() + "\",\"name\":\"Written meanwhile\"}";
                        HttpResponse<String> answer;
                        try {
                            answer = post(client, base + path, body);
                        } catch (IOException noAnswer) {
                            if (exits(service)) {
                                return;
                            }
                            unexpected.add(path + ": no answer while the service runs: " + noAnswer);
                            continue;
                        }
                        int status = answer.statusCode();
                        if (status == 201 || status == 202) {
                            acknowledged.put(idOf(answer), renderer ? "/canvas-template-instances/" : "/trade-item-tags/");
                        } else if (status == 503 && answer.headers().firstValue("Retry-After").isPresent()
                                && answer.headers().firstValue("Content-Type").orElse("")
                                .startsWith("application/problem+json")) {
                            unavailable.incrementAndGet();
                            pause(100);
                        } else if (status >= 400 && status < 500) {
                            refused.incrementAndGet();
                        } else {
                            unexpected.add(path + ": " + status + " " + excerpt(answer.body()));
                        }
                    }
                }));
            }
            for (Future<?> client1 : done) {
                client1.get(HAMMERING.toSeconds() + 120, TimeUnit.SECONDS);
            }
            clients.shutdown();

            exited = !service.isAlive();
            outcome = (exited ? "exited (" + service.exitValue() + ")"
                    : "stayed up (liveness " + http.get("/actuator/health/liveness").status() + ")")
                    + ": " + acknowledged.size() + " writes acknowledged, " + unavailable + " answered 503, "
                    + refused + " other refusals, " + unexpected.size() + " other answers";
            output = service.output();
        } finally {
            service.kill(); // what an orchestrator does to a process that stopped answering: SIGKILL
        }
        System.out.println(getClass().getSimpleName() + ": " + outcome);

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(unexpected.stream().limit(5).toList())
                .as("answers other than 2xx, 4xx and 503 (%s)", outcome).isEmpty();
        if (exited) {
            softly.assertThat(output).as("it exited, but not on OutOfMemoryError").contains(EXITED_ON_OOM);
        } else {
            softly.assertThat(unavailable.get()).as("the service neither refused for want of room (503) nor exited "
                    + "on OutOfMemoryError: it was not driven to its memory bound (%s)", outcome).isPositive();
        }
        softly.assertThat(acknowledged.values()).as("renders acknowledged while it ran")
                .contains("/canvas-template-instances/");
        try (RunningTraceloom restarted = RunningTraceloom.start(dataDir)) {
            List<String> lost = acknowledged.entrySet().stream()
                    .filter(write -> restarted.http().get(write.getValue() + write.getKey()).status() != 200)
                    .map(write -> write.getValue() + write.getKey())
                    .toList();
            softly.assertThat(lost).as("acknowledged before the end, missing after the restart").isEmpty();
        } catch (RuntimeException unopened) {
            softly.fail("the service did not start again on its data directory", unopened);
        }
        softly.assertAll();
    }

    /**
     * A body just under the 1 MB limit that renders to just under the 1 MB output limit, quickly: one string,
     * written once, unescaped. Each render keeps both in the event store and in the read models.
     */
    private static String heaviestVariables() {
        return "{\"a\":[0],\"s\":\"" + "x".repeat(1_000_000) + "\"}";
    }

    /** Whether the service has ended (or ends within a few seconds): a refused connection may mean it is going. */
    private static boolean exits(ServiceProcess service) {
        for (int i = 0; i < 50 && service.isAlive(); i++) {
            pause(100);
        }
        return !service.isAlive();
    }

    private static HttpResponse<String> post(HttpClient client, String url, String json) throws IOException {
        try {
            return client.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString(json)).build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** The id of what a 201 created (its body), or of what a 202 recorded (its {@code Location}). */
    private static String idOf(HttpResponse<String> answer) {
        if (answer.statusCode() == 202) {
            String location = answer.headers().firstValue("Location").orElseThrow();
            return location.substring(location.lastIndexOf('/') + 1);
        }
        Matcher id = ID.matcher(answer.body());
        if (!id.find()) {
            throw new UncheckedIOException(new IOException("no id in " + excerpt(answer.body())));
        }
        return id.group(1);
    }

    private static String excerpt(String body) {
        return body.length() <= 300 ? body : body.substring(0, 300) + "…";
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
