package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.mongo.MongoClientSettingsBuilderCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * A replay of a projection with thousands of documents, under reads and writes: the read model stays
 * complete (no 404 for an existing tag, no list total that drops), readiness stays up, writes keep answering
 * and are read back, and afterwards the read model is what it was plus what was written meanwhile. Writes of
 * rebuilt collections are slowed down here, so that the replay lasts long enough to be watched. The MongoDB
 * is the embedded default's (renames atomic for readers), in a server of the test's own so it can be seen.
 */
class ReplayDuringTrafficTest {

    private static final int TAGS = 3000;
    private static final String PROJECTION = "/actuator/projections/trade-item-tags";

    @TempDir
    static Path dataDir;
    private static MongoServer mongo;
    private static String uri;
    private static RunningTraceloom traceloom;
    private static Http http;

    @BeforeAll
    static void start() throws Exception {
        mongo = new MongoServer(ReadModelStore.inMemory());
        mongo.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
        traceloom = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri,
                "--spring.main.sources=" + SlowRebuildWrites.class.getName());
        http = traceloom.http();
        seed();
    }

    @AfterAll
    static void stop() {
        traceloom.close();
        mongo.shutdownNow();
    }

    /** Many tags, fast: through the command bus, not one HTTP round trip and read-model wait each. */
    private static void seed() throws Exception {
        CommandGateway commands = traceloom.bean(CommandGateway.class);
        String tenant = traceloom.bean(ApiProperties.class).security().local().tenantId();
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (int i = 0; i < TAGS; i++) {
                String code = "SEED-" + i;
                written.add(writers.submit(() -> commands.sendAndWait(
                        new CreateTradeItemTag(tenant, UUID.randomUUID().toString(), code, "Seeded " + code, null))));
            }
            for (Future<?> write : written) {
                write.get();
            }
        } finally {
            writers.shutdown();
        }
        awaitCaughtUp();
    }

    @Test
    void readsStayCompleteAndWritesAnswerWhileAProjectionIsReplayed() throws Exception {
        JsonNode before = Fixtures.everything(http);
        List<String> existing = new ArrayList<>();
        before.get("tags").forEach(tag -> existing.add(tag.get("id").asText()));
        long liveBefore = total();
        assertThat(existing).hasSizeGreaterThanOrEqualTo(TAGS);

        Traffic traffic = new Traffic(existing, liveBefore);
        traffic.start();
        Http.Response replay = http.send("POST", PROJECTION, null, BodyPublishers.noBody());
        assertThat(replay.status()).as(replay.body()).isEqualTo(202);
        assertThat(replay.json().get("replaying").asBoolean()).isTrue();
        assertThat(http.send("POST", PROJECTION, null, BodyPublishers.noBody()).status())
                .as("one replay at a time").isEqualTo(409);
        traffic.replaying = true;
        JsonNode during = http.get("/actuator/health/readiness").json();
        awaitReplayed();
        traffic.replaying = false;
        traffic.stop();

        assertThat(traffic.problems).as("what a reader or writer saw that it should not have").isEmpty();
        assertThat(traffic.readsDuringReplay.get()).as("reads during the replay").isPositive();
        assertThat(traffic.writesDuringReplay.get()).as("writes during the replay").isPositive();
        assertThat(traffic.slowestWriteMillis.get()).as("writes do not wait for the replay")
                .isLessThan(TimeUnit.SECONDS.toMillis(5));
        assertThat(during.at("/components/readModels/status").asText()).isEqualTo("UP");
        assertThat(during.at("/components/readModels/details/replaying/trade-item-tags/head").asLong())
                .isGreaterThanOrEqualTo(TAGS - 1);

        JsonNode after = Fixtures.everything(http);
        assertThat(after.get("items")).isEqualTo(before.get("items"));
        ArrayNode expected = before.get("tags").deepCopy();
        traffic.created.forEach(expected::add);
        assertThat(after.get("tags")).as("the rebuilt read model: what it was, and what was written meanwhile")
                .isEqualTo(expected);
        assertThat(rebuildCollections()).isEmpty();
        assertThat(http.get(PROJECTION).json().get("replay").isNull()).isTrue();
    }

    @Test
    void aReplayGivenUpLeavesTheLiveReadModelAsItWas() {
        JsonNode before = Fixtures.everything(http);

        assertThat(http.send("POST", PROJECTION, null, BodyPublishers.noBody()).status()).isEqualTo(202);
        Http.Response cancelled = http.delete(PROJECTION);

        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        assertThat(cancelled.json().get("replaying").asBoolean()).isFalse();
        assertThat(Fixtures.everything(http)).isEqualTo(before);
        assertThat(rebuildCollections()).isEmpty();
    }

    /** Readers of existing tags and of the list's total, and a writer of new tags that reads each back. */
    private static final class Traffic {
        final List<String> problems = Collections.synchronizedList(new ArrayList<>());
        final ConcurrentLinkedQueue<JsonNode> created = new ConcurrentLinkedQueue<>();
        final AtomicInteger readsDuringReplay = new AtomicInteger();
        final AtomicInteger writesDuringReplay = new AtomicInteger();
        final AtomicLong slowestWriteMillis = new AtomicLong();
        volatile boolean replaying;
        private volatile boolean running = true;
        private final List<String> existing;
        private final AtomicLong highestTotal;
        private final List<Thread> threads = new ArrayList<>();

        Traffic(List<String> existing, long total) {
            this.existing = existing;
            this.highestTotal = new AtomicLong(total);
        }

        void start() {
            for (int i = 0; i < 2; i++) {
                threads.add(new Thread(this::read, "replay-test-reader-" + i));
            }
            threads.add(new Thread(this::write, "replay-test-writer"));
            threads.forEach(Thread::start);
        }

        void stop() throws InterruptedException {
            running = false;
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            }
        }

        private void read() {
            while (running) {
                boolean during = replaying;
                String id = existing.get(ThreadLocalRandom.current().nextInt(existing.size()));
                Http.Response tag = http.get("/trade-item-tags/" + id);
                if (tag.status() != 200) {
                    problems.add("GET /trade-item-tags/" + id + ": " + tag.status() + " " + tag.body());
                }
                long seen = highestTotal.get();
                long total = total();
                if (total < seen) {
                    problems.add("the list total dropped from " + seen + " to " + total);
                }
                highestTotal.accumulateAndGet(total, Math::max);
                Http.Response readiness = http.get("/actuator/health/readiness");
                if (readiness.status() != 200) {
                    problems.add("readiness " + readiness.status() + ": " + readiness.body());
                }
                if (during && replaying) {
                    readsDuringReplay.incrementAndGet();
                }
            }
        }

        private void write() {
            for (int i = 0; running; i++) {
                boolean during = replaying;
                long started = System.nanoTime();
                Http.Response written = http.post("/trade-item-tags",
                        "{\"code\":\"DURING-" + i + "-" + UUID.randomUUID() + "\",\"name\":\"Written during\"}");
                slowestWriteMillis.accumulateAndGet(
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), Math::max);
                if (written.status() != 201) {
                    problems.add("POST /trade-item-tags: " + written.status() + " " + written.body());
                    continue;
                }
                created.add(written.json());
                Http.Response readBack = http.get("/trade-item-tags/" + written.json().get("id").asText());
                if (readBack.status() != 200) {
                    problems.add("read back of a tag just written: " + readBack.status());
                }
                highestTotal.accumulateAndGet(total(), Math::max);
                if (during && replaying) {
                    writesDuringReplay.incrementAndGet();
                }
            }
        }
    }

    /** The number of live tags, as the list says. */
    private static long total() {
        return Long.parseLong(http.get("/trade-item-tags?limit=1").header("X-Total-Count"));
    }

    private static void awaitReplayed() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (http.get(PROJECTION).json().get("replaying").asBoolean()) {
            assertThat(System.nanoTime()).as("the replay finished in time").isLessThan(deadline);
            pause();
        }
    }

    private static void awaitCaughtUp() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            boolean caughtUp = true;
            for (JsonNode status : http.get("/actuator/projections").json()) {
                caughtUp &= status.get("lag").asLong(-1) == 0;
            }
            if (caughtUp) {
                return;
            }
            assertThat(System.nanoTime()).as("the projections caught up in time").isLessThan(deadline);
            pause();
        }
    }

    private static Set<String> rebuildCollections() {
        try (MongoClient client = MongoClients.create(uri)) {
            Set<String> names = new HashSet<>();
            client.getDatabase("traceloom").listCollectionNames().forEach(names::add);
            names.removeIf(name -> !name.endsWith("_rebuild"));
            return names;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Makes the writes to the collections a replay rebuilds slow, in the rebuilding thread (a MongoDB command
     * listener runs in the thread that sends the command): added to the application as a source, not scanned.
     */
    public static class SlowRebuildWrites {
        @Bean
        MongoClientSettingsBuilderCustomizer slowRebuildWrites() {
            return settings -> settings.addCommandListener(new CommandListener() {
                @Override
                public void commandStarted(CommandStartedEvent event) {
                    String command = event.getCommandName();
                    if (("update".equals(command) || "insert".equals(command))
                            && event.getCommand().get(command).isString()
                            && event.getCommand().getString(command).getValue().endsWith("_rebuild")) {
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
            });
        }
    }
}
