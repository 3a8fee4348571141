package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ConnectionString;
import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Sorts;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.MongoServerProcess;
import io.traceloom.api.support.PostgresAvailable;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.ServiceProcess;
import io.traceloom.api.support.Waits;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API and the projections in processes of their own, as a deployment runs them: two {@code api} processes
 * (replicas) and two {@code projections} processes (each a JVM of its own), sharing PostgreSQL (the events) and one
 * MongoDB (read models and tokens). First the replicas take turns, each way once: what one changes (a tag, a
 * schema, a template), the other decides on at once (issue 26). Then writers write through the API while the
 * projections process that holds the projections' claims is killed with SIGKILL; the other takes its segments over
 * once their claims lapse.
 * Throughout, every write answers 201 and reads back at once (read-your-writes, through the token store); at the
 * end the read models equal those a fresh replay of the same events builds (nothing applied twice, nothing
 * skipped).
 *
 * <p>PostgreSQL as {@link PostgresAvailable} finds it (reported skipped, saying why, when it does not answer), in a
 * schema of its own that is dropped afterwards. MongoDB: the one {@code TRACELOOM_TEST_MONGO_URI} names (a
 * real one, a replica set or not; databases of its own, dropped afterwards), else a mongo-java-server started as
 * a process of its own on a TCP port. With Docker, {@code ProjectionsOnAMongoReplicaSetTest} runs this same test
 * against a MongoDB replica set container.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
@ExtendWith(PostgresAvailable.class)
public class ProjectionsInTheirOwnProcessTest {

    private static final String PG_URL = PostgresAvailable.URL;
    private static final String PG_USER = PostgresAvailable.USER;
    private static final String PG_PASSWORD = PostgresAvailable.PASSWORD;
    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private static final String SCHEMA = "traceloom_roles_" + RUN;
    private static final Duration START_WITHIN = Duration.ofMinutes(4);
    private static final int WRITERS = 3;
    private static final int BEFORE_KILL = 30;
    private static final int AFTER_KILL = 45;
    /** Collections that are not read models: tokens, keys, file contents. */
    private static final Set<String> NOT_READ_MODELS = Set.of("trackingtokens", "issuer_keys", "contents.files",
            "contents.chunks",
            // a record of the audit logs' checks against the store, made when they happen, not folded from events
            "audit_log_checks");

    @TempDir
    static Path work;

    @AfterAll
    static void dropSchema() {
        try (Connection connection = DriverManager.getConnection(PG_URL, PG_USER, PG_PASSWORD)) {
            connection.createStatement().execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        } catch (SQLException unreachable) {
            // skipped: nothing was created
        }
    }

    /** The MongoDB this test's processes share: a base URI without a database, which each use adds. */
    protected String mongoBaseUri(Path logs) {
        String given = System.getenv("TRACELOOM_TEST_MONGO_URI");
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        mongoProcess = ServiceProcess.start("mongo", logs, MongoServerProcess.class.getName(), List.of("0"),
                Pattern.compile(Pattern.quote(MongoServerProcess.LISTENING) + "(\\d+)"), Duration.ofMinutes(1));
        return "mongodb://127.0.0.1:" + mongoProcess.port();
    }

    private ServiceProcess mongoProcess;

    @Test
    void writesStayReadableWhileAProjectionsProcessIsKilledAndTheReadModelsEqualAFreshReplay() throws Exception {
        Path logs = work.resolve("logs");
        java.nio.file.Files.createDirectories(logs);
        String mongoBase = mongoBaseUri(logs);
        String live = "traceloom_roles_" + RUN;
        String fresh = "traceloom_replay_" + RUN;
        List<String> shared = List.of(
                "--spring.datasource.url=" + PG_URL + (PG_URL.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA,
                "--spring.datasource.username=" + PG_USER,
                "--spring.datasource.password=" + PG_PASSWORD,
                "--spring.flyway.schemas=" + SCHEMA,
                "--spring.data.mongodb.uri=" + withDatabase(mongoBase, live));
        List<String> projections = new ArrayList<>(shared);
        projections.addAll(List.of("--traceloom.role=projections", "--traceloom.projections.segments=2",
                "--traceloom.projections.claim-timeout=3s"));
        int firstPort = freePort();
        int secondPort = freePort();
        List<String> api = new ArrayList<>(shared);
        api.addAll(List.of("--traceloom.role=api", "--traceloom.read-models.await-timeout=60s",
                "--traceloom.credentials.master-key=" + java.util.Base64.getEncoder().encodeToString(new byte[32])));

        List<ServiceProcess> started = Collections.synchronizedList(new ArrayList<>());
        try {
            CompletableFuture<ServiceProcess> first = startAsync("projections-1", logs, withPort(projections, firstPort),
                    work, started);
            CompletableFuture<ServiceProcess> second = startAsync("projections-2", logs,
                    withPort(projections, secondPort), work, started);
            CompletableFuture<ServiceProcess> apiProcess = startAsync("api", logs, api, work, started);
            CompletableFuture<ServiceProcess> secondApiProcess = startAsync("api-2", logs, api, work, started);
            ServiceProcess apiService = apiProcess.get().awaitReady(START_WITHIN);
            ServiceProcess secondApi = secondApiProcess.get().awaitReady(START_WITHIN);
            List<ServiceProcess> projectionsProcesses = List.of(first.get().awaitReady(START_WITHIN),
                    second.get().awaitReady(START_WITHIN));
            Http http = apiService.http();

            assertThat(projectionsProcesses.get(0).http().get("/trade-items").status())
                    .as("a projections process serves no API").isEqualTo(404);
            assertThat(http.get("/actuator/projections").json().size()).as("the api knows the projections").isPositive();

            // the replicas take turns: each decides on what the other changed just before
            List<String> stale = new ArrayList<>();
            replicasDecideOnTheStoresTruth("api-2 changes, api decides", secondApi.http(), http, 1, stale);
            replicasDecideOnTheStoresTruth("api changes, api-2 decides", http, secondApi.http(), 2, stale);
            assertThat(stale).as("decisions of one replica that missed what the other had changed").isEmpty();
            long itemsOfTheReplicas = Long.parseLong(http.get("/trade-items?limit=1").header("X-Total-Count"));

            // writers through the API; each write is read back at once
            Map<String, String> created = new ConcurrentHashMap<>(); // id -> path
            List<String> broken = Collections.synchronizedList(new ArrayList<>());
            AtomicInteger answered = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                running.add(writers.submit(() -> write(http, writer, stop, answered, created, broken)));
            }
            awaitCount(answered, BEFORE_KILL, running);

            ServiceProcess holder = claimHolder(mongoBase, live, projectionsProcesses);
            ServiceProcess survivor = projectionsProcesses.get(0) == holder ? projectionsProcesses.get(1)
                    : projectionsProcesses.get(0);
            holder.kill();
            int atKill = answered.get();
            awaitCount(answered, atKill + AFTER_KILL, running);
            stop.set(true);
            for (Future<?> writer : running) {
                writer.get(5, TimeUnit.MINUTES);
            }
            writers.shutdown();

            assertThat(broken).as("writes that did not answer 201 and read back at once").isEmpty();
            assertThat(answered.get()).isGreaterThanOrEqualTo(atKill + AFTER_KILL);
            awaitAllClaimedBy(mongoBase, live, survivor);

            // a replay asked of the api process runs where the projection does, and is followed from there too
            Http.Response replaying = http.send("POST", "/actuator/projections/trade-items", null,
                    java.net.http.HttpRequest.BodyPublishers.noBody());
            assertThat(replaying.status()).as(replaying.body()).isEqualTo(202);
            assertThat(replaying.json().get("replaying").asBoolean()).isTrue();
            assertThat(replaying.json().get("replay").has("eventsPerSecond")).isTrue();
            assertThat(replaying.json().get("replay").has("estimatedSecondsLeft")).isTrue();
            awaitReplayed(http, "trade-items");

            // the same events, replayed from scratch into a database of their own
            try (RunningTraceloom replay = RunningTraceloom.start(work.resolve("replay"),
                    shared.get(0), shared.get(1), shared.get(2), shared.get(3),
                    "--spring.data.mongodb.uri=" + withDatabase(mongoBase, fresh));
                 MongoClient mongo = MongoClients.create(mongoBase)) {
                Map<String, List<Document>> liveModels = readModels(mongo.getDatabase(live));
                Map<String, List<Document>> replayed = readModels(mongo.getDatabase(fresh));
                assertThat(liveModels.keySet()).containsAll(Set.of("trade_items", "trade_item_tags"));
                assertThat(liveModels.keySet()).isEqualTo(replayed.keySet());
                liveModels.forEach((collection, documents) -> assertThat(documents)
                        .as("read model %s against a fresh replay", collection)
                        .containsExactlyElementsOf(replayed.get(collection)));
                long items = itemsOfTheReplicas
                        + created.values().stream().filter(path -> path.startsWith("/trade-items/")).count();
                assertThat(liveModels.get("trade_items")).as("one document per item created").hasSize((int) items);
                assertThat(replay.http().get("/trade-items?limit=1").header("X-Total-Count"))
                        .isEqualTo(String.valueOf(items));
                if (System.getenv("TRACELOOM_TEST_MONGO_URI") != null) {
                    mongo.getDatabase(live).drop();
                    mongo.getDatabase(fresh).drop();
                }
            }
        } catch (Throwable failure) {
            started.forEach(process -> System.out.println("---- " + process.name() + ":\n" + process.tail(60)));
            throw failure;
        } finally {
            started.forEach(ServiceProcess::close);
            if (mongoProcess != null) {
                mongoProcess.close();
            }
        }
    }

    /**
     * The sequences of issue 26, where {@code decider} has the aggregates in memory (it just used them) when
     * {@code changer} changes them: each decision of {@code decider} must see the change, as the event store holds
     * it. What a decision got wrong is added to {@code wrong}.
     */
    private static void replicasDecideOnTheStoresTruth(String turn, Http changer, Http decider, int round,
                                                       List<String> wrong) {
        String old = "OLD-" + round + "-" + RUN;
        String fresh = "NEW-" + round + "-" + RUN;
        // a tag the decider uses, deleted by the changer: gone for the decider too
        Http.Response oldTag = decider.post("/trade-item-tags", tag(old));
        expect(wrong, turn + ": create of tag " + old + " in the catalogue the other replica changed last",
                oldTag, 201);
        if (oldTag.status() != 201) {
            oldTag = decider.post("/trade-item-tags", tag(old)); // once more, to go on with the sequence
            assertThat(oldTag.status()).as(oldTag.body()).isEqualTo(201);
        }
        expect(wrong, turn + ": item with live tag " + old, decider.post("/trade-items", item(old)), 201);
        expect(wrong, turn + ": delete of tag " + old,
                changer.delete("/trade-item-tags/" + oldTag.json().get("id").asText()), 200);
        expect(wrong, turn + ": item with deleted tag " + old, decider.post("/trade-items", item(old)), 400);
        // a tag the changer creates: live for the decider too
        expect(wrong, turn + ": create of tag " + fresh, changer.post("/trade-item-tags", tag(fresh)), 201);
        Http.Response tagged = decider.post("/trade-items", item(fresh));
        expect(wrong, turn + ": item with new tag " + fresh, tagged, 201);
        // the decider changes the catalogue the changer moved on
        expect(wrong, turn + ": create of another tag",
                decider.post("/trade-item-tags", tag("MORE-" + round + "-" + RUN)), 201);

        // a schema the changer tightens: the decider's issuance is checked against the tightened one
        String schemaId = UUID.randomUUID().toString();
        expect(wrong, turn + ": schema put", decider.put("/schemas/" + schemaId,
                "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\",\"required\":[\"lot\"]}}"), 201);
        expect(wrong, turn + ": issue against the schema", decider.post("/credentials/issue", issuance(schemaId)), 201);
        expect(wrong, turn + ": schema now requiring kg", changer.put("/schemas/" + schemaId,
                "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\",\"required\":[\"lot\",\"kg\"]}}"), 200);
        expect(wrong, turn + ": issue without kg", decider.post("/credentials/issue", issuance(schemaId)), 400);

        // a template the changer replaces: the decider renders the new one, and replaces it in turn
        Http.Response template = decider.post("/canvas-templates", canvas("first {{lot}}"));
        assertThat(template.status()).as(template.body()).isEqualTo(201);
        String path = "/canvas-templates/" + template.json().get("id").asText();
        expectRendered(wrong, turn + ": render", decider, path, "first L1");
        expect(wrong, turn + ": template replaced", changer.put(path, canvas("second {{lot}}")), 200);
        expectRendered(wrong, turn + ": render after the replacement", decider, path, "second L1");
        expect(wrong, turn + ": template replaced again", decider.put(path, canvas("third {{lot}}")), 200);
        expectRendered(wrong, turn + ": render after the second replacement", changer, path, "third L1");
    }

    private static void expect(List<String> wrong, String what, Http.Response answer, int status) {
        if (answer.status() != status) {
            wrong.add(what + ": " + answer.status() + " (not " + status + ") " + answer.body());
        }
    }

    private static void expectRendered(List<String> wrong, String what, Http http, String path, String output) {
        Http.Response rendered = http.post(path + "/render", "{\"lot\":\"L1\"}");
        if (rendered.status() != 201 || !output.equals(rendered.json().get("renderedOutput").asText())) {
            wrong.add(what + ": " + rendered.status() + " " + rendered.body() + " (not \"" + output + "\")");
        }
    }

    private static String item(String tagCode) {
        return "{\"name\":\"Item tagged " + tagCode + "\",\"tradeItemTag\":\"" + tagCode + "\"}";
    }

    private static String issuance(String schemaId) {
        return "{\"schemaId\":\"" + schemaId + "\",\"credentialSubject\":{\"id\":\"urn:x:lot-1\",\"lot\":\"L1\"}}";
    }

    private static String canvas(String template) {
        return "{\"name\":\"Label\",\"template\":\"" + template + "\",\"schema\":{\"type\":\"object\"}}";
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** On this port, and named by its URL in the claims it holds, so that an api process can forward to it. */
    private static List<String> withPort(List<String> arguments, int port) {
        List<String> args = new ArrayList<>(arguments);
        args.add("--server.port=" + port);
        args.add("--traceloom.node-url=" + nodeUrl(port));
        return args;
    }

    private static String nodeUrl(int port) {
        return "http://127.0.0.1:" + port;
    }

    private static void awaitReplayed(Http http, String projection) {
        Waits.until(http, "/actuator/projections/" + projection, "show the replay done",
                answer -> answer.status() == 200 && !answer.json().get("replaying").asBoolean(),
                Duration.ofSeconds(120), () -> true, () -> "");
    }

    private static CompletableFuture<ServiceProcess> startAsync(String name, Path logs, List<String> arguments,
                                                                Path work, List<ServiceProcess> started) {
        List<String> args = new ArrayList<>(arguments);
        args.add("--traceloom.data-dir=" + work.resolve(name));
        return CompletableFuture.supplyAsync(() -> {
            ServiceProcess process = ServiceProcess.traceloom(name, logs, args, START_WITHIN);
            started.add(process);
            return process;
        });
    }

    /**
     * One writer: its own tag, items tagged with it, now and then another tag deleted. Every answer must be 201
     * (200 for a delete) and the resource must read back at once as the write answered it.
     */
    private static void write(Http http, int writer, AtomicBoolean stop, AtomicInteger answered,
                              Map<String, String> created, List<String> broken) {
        String own = "W" + writer + "-" + RUN;
        if (!check(http, http.post("/trade-item-tags", tag(own)), "/trade-item-tags/", created, broken)) {
            return;
        }
        answered.incrementAndGet();
        for (int i = 0; !stop.get() && broken.isEmpty(); i++) {
            boolean ok;
            if (i % 6 == 5) {
                Http.Response spare = http.post("/trade-item-tags", tag(own + "-" + i));
                ok = check(http, spare, "/trade-item-tags/", created, broken);
                if (ok) {
                    String id = spare.json().get("id").asText();
                    Http.Response deleted = http.delete("/trade-item-tags/" + id);
                    JsonNode after = http.get("/trade-item-tags/" + id).json();
                    ok = deleted.status() == 200 && after.get("deleted").asBoolean();
                    if (!ok) {
                        broken.add("delete of tag " + id + ": " + deleted.status() + " then " + after);
                    }
                }
            } else {
                ok = check(http, http.post("/trade-items",
                        "{\"name\":\"Item " + writer + "." + i + "\",\"tradeItemTag\":\"" + own + "\"}"),
                        "/trade-items/", created, broken);
            }
            if (!ok) {
                return;
            }
            answered.incrementAndGet();
        }
    }

    private static boolean check(Http http, Http.Response answer, String path, Map<String, String> created,
                                 List<String> broken) {
        if (answer.status() != 201) {
            broken.add("POST " + path + ": " + answer.status() + " " + answer.body());
            return false;
        }
        String id = answer.json().get("id").asText();
        Http.Response read = http.get(path + id);
        if (read.status() != 200 || !read.json().equals(answer.json())) {
            broken.add("GET " + path + id + " right after its 201: " + read.status() + " " + read.body());
            return false;
        }
        created.put(id, path + id);
        return true;
    }

    private static String tag(String code) {
        return "{\"code\":\"" + code + "\",\"name\":\"Tag " + code + "\"}";
    }

    private static void awaitCount(AtomicInteger answered, int count, List<Future<?>> writers) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (answered.get() < count) {
            for (Future<?> writer : writers) {
                if (writer.isDone()) {
                    writer.get(); // a writer that stopped early: its reason is in the list of broken writes
                }
            }
            if (writers.stream().allMatch(Future::isDone)) {
                return;
            }
            assertThat(System.nanoTime()).as("%s writes answered in time", count).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** The projections process that holds most of the projections' segments. */
    private static ServiceProcess claimHolder(String mongoBase, String database, List<ServiceProcess> processes) {
        Map<String, Long> claims = owners(mongoBase, database).stream()
                .collect(Collectors.groupingBy(owner -> String.valueOf(owner), Collectors.counting()));
        return processes.stream().max((a, b) -> Long.compare(claims.getOrDefault(nodeUrl(a.port()), 0L),
                claims.getOrDefault(nodeUrl(b.port()), 0L))).orElseThrow();
    }

    /** After the kill, the other process takes every segment over once their claims have lapsed. */
    private static void awaitAllClaimedBy(String mongoBase, String database, ServiceProcess survivor)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Set<String> owners = Set.of();
        while (System.nanoTime() < deadline) {
            try {
                owners = owners(mongoBase, database).stream().map(String::valueOf)
                        .collect(Collectors.toCollection(TreeSet::new));
            } catch (MongoException slowToAnswer) { // asked again while the deadline allows
                owners = Set.of(slowToAnswer.toString());
            }
            if (owners.equals(Set.of(nodeUrl(survivor.port())))) {
                return;
            }
            Thread.sleep(100);
        }
        assertThat(owners).as("owners of the segments after the kill").containsExactly(nodeUrl(survivor.port()));
    }

    private static List<String> owners(String mongoBase, String database) {
        try (MongoClient mongo = MongoClients.create(mongoBase)) {
            List<String> owners = new ArrayList<>();
            mongo.getDatabase(database).getCollection(TokenStoreSegments.COLLECTION).find()
                    .forEach(token -> owners.add(token.getString("owner")));
            return owners;
        }
    }

    /**
     * The read models' documents by collection. An empty collection is no read model: whether one exists depends
     * on what touched it first (an index declared, a start-up check that found nothing), not on the events.
     */
    private static Map<String, List<Document>> readModels(MongoDatabase database) {
        Map<String, List<Document>> models = new TreeMap<>();
        for (String collection : database.listCollectionNames()) {
            if (!NOT_READ_MODELS.contains(collection) && !collection.startsWith("system.")) {
                List<Document> documents = database.getCollection(collection).find().sort(Sorts.ascending("_id"))
                        .into(new ArrayList<>());
                if (!documents.isEmpty()) {
                    models.put(collection, documents);
                }
            }
        }
        return models;
    }

    /** The URI with this database (the base names none, or one that is replaced). */
    static String withDatabase(String uri, String database) {
        ConnectionString parsed = new ConnectionString(uri);
        int hostsStart = uri.indexOf("://") + 3;
        int slash = uri.indexOf('/', hostsStart);
        int query = uri.indexOf('?', hostsStart);
        String hosts = uri.substring(0, slash >= 0 ? slash : query >= 0 ? query : uri.length());
        String options = query >= 0 ? uri.substring(query) : "";
        assertThat(parsed.getHosts()).isNotEmpty();
        return hosts + "/" + database + options;
    }
}
