package io.traceloom.api.readmodel;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerException;
import io.netty.channel.Channel;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.query.tradeitem.TradeItemProjection;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.util.FileSystemUtils;

/**
 * An event a projection cannot handle stops only its own sequence (its tenant): the event and the tenant's later
 * events wait in the projection's dead-letter queue, every other tenant and every other projection goes on,
 * readiness stays up, and operators see the parked sequence, retry it once the cause is fixed, or evict it.
 * The fault: a handler of the trade-items projection that fails on items named POISON while it is armed (test
 * only, {@link PoisonousItems}); it runs beside the projection's own, whose write of the item it takes back.
 */
class PoisonEventTest {

    private static final String VICTIM = "victim-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String BYSTANDER = "bystander-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String PROJECTION = TradeItemProjection.PROCESSING_GROUP;

    @TempDir
    Path dataDir;
    private ListAppender<ILoggingEvent> logs;

    @BeforeEach
    void arm() {
        PoisonousItems.armed = true;
    }

    @AfterEach
    void disarm() {
        PoisonousItems.armed = false;
        if (logs != null) {
            ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger("io.traceloom.query.processing")
                    .detachAppender(logs);
        }
    }

    private RunningTraceloom start() {
        return RunningTraceloom.start(dataDir, List.of(OtherTenants.class, PoisonousItems.class));
    }

    private static Response createItem(Http http, String tenant, String name) {
        return http.post("/trade-items", "{\"name\":\"" + name + "\"}", actingFor(tenant));
    }

    /** Created and read back at once: the tenant's writes are visible as ever. */
    private static String createdAndVisible(Http http, String tenant, String name) {
        Response created = createItem(http, tenant, name);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        Response read = http.get("/trade-items/" + id, actingFor(tenant));
        assertThat(read.status()).as("read your write").isEqualTo(200);
        assertThat(read.json().get("name").asText()).isEqualTo(name);
        return id;
    }

    /** Recorded, and said not to be visible: 202 with where to read it later. */
    private static String heldBack(Http http, String tenant, String name) {
        Response held = createItem(http, tenant, name);
        assertThat(held.status()).as(held.body()).isEqualTo(202);
        assertThat(held.contentType()).startsWith("application/problem+json");
        assertThat(held.json().get("detail").asText()).contains("holds this tenant's changes back");
        assertThat(held.header("Retry-After")).isEqualTo("60");
        String location = URI.create(held.header("Location")).getPath();
        assertThat(http.get(location, actingFor(tenant)).status()).as("not visible").isEqualTo(404);
        return location;
    }

    private static JsonNode parked(Http http) {
        JsonNode status = http.get("/actuator/projections/" + PROJECTION).json();
        assertThat(status.get("error").asBoolean()).as("parking is no failure of the projection").isFalse();
        return status.get("parked");
    }

    @Test
    void aPoisonEventParksItsTenantOnlyUntilAnOperatorRetriesOrEvictsIt() {
        try (RunningTraceloom traceloom = start()) {
            Http http = traceloom.http();
            logs = captureLogs(); // once the application has set its logging up
            createdAndVisible(http, VICTIM, "Before");

            String poison = heldBack(http, VICTIM, "POISON-1");
            String behind = heldBack(http, VICTIM, "After");

            // every other tenant, and the victim's other resources, go on as ever
            List<String> bystanders = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                bystanders.add(createdAndVisible(http, BYSTANDER, "Item " + i));
            }
            String schema = UUID.randomUUID().toString();
            assertThat(http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\"}}",
                    actingFor(VICTIM)).status()).isEqualTo(201);
            assertThat(http.get("/schemas/" + schema, actingFor(VICTIM)).status()).isEqualTo(200);
            assertThat(http.get("/trade-items", actingFor(BYSTANDER)).json()).hasSize(3);

            Response readiness = http.get("/actuator/health/readiness");
            assertThat(readiness.status()).as(readiness.body()).isEqualTo(200);
            assertThat(http.get("/actuator/health").json()
                    .at("/components/readModels/details/parked/" + PROJECTION + "/" + VICTIM).asLong()).isEqualTo(2);
            JsonNode parked = parked(http);
            assertThat(parked).hasSize(1);
            assertThat(parked.at("/0/sequence").asText()).isEqualTo(VICTIM);
            assertThat(parked.at("/0/eventType").asText()).isEqualTo("TradeItemCreated");
            assertThat(parked.at("/0/position").asLong()).isPositive();
            assertThat(parked.at("/0/error").asText()).contains("IllegalStateException", "POISON-1");
            assertThat(parked.at("/0/since").asText()).isNotEmpty();
            assertThat(parked.at("/0/events").asLong()).isEqualTo(2);
            assertThat(http.get("/actuator/projections/" + PROJECTION + "/" + VICTIM).json().get("events").asLong())
                    .isEqualTo(2);
            assertThat(http.get("/actuator/prometheus").body())
                    .contains("traceloom_projection_parked_sequences{projection=\"" + PROJECTION + "\"} 1.0")
                    .contains("traceloom_projection_parked_events{projection=\"" + PROJECTION + "\"} 2.0")
                    .contains("traceloom_projection_parked_sequences{projection=\"schemas\"} 0.0")
                    .contains("traceloom_projection_failing{projection=\"" + PROJECTION + "\"} 0.0");
            assertThat(warnings()).as("logged once, with its stack trace").singleElement()
                    .satisfies(line -> {
                        assertThat(line.getFormattedMessage()).contains(PROJECTION, VICTIM, "TradeItemCreated",
                                "POST /actuator/projections/" + PROJECTION + "/" + VICTIM);
                        assertThat(line.getThrowableProxy()).isNotNull();
                    });

            // a retry before the cause is fixed: it fails again, and nothing moves
            Response again = operatorPost(http, "/actuator/projections/" + PROJECTION + "/" + VICTIM);
            assertThat(again.status()).as(again.body()).isEqualTo(409);
            assertThat(again.json().at("/parked/events").asLong()).isEqualTo(2);
            assertThat(again.json().at("/parked/error").asText()).startsWith("IllegalStateException: cannot handle");
            assertThat(http.get(poison, actingFor(VICTIM)).status()).isEqualTo(404);

            PoisonousItems.armed = false;
            Response retried = operatorPost(http, "/actuator/projections/" + PROJECTION + "/" + VICTIM);
            assertThat(retried.status()).as(retried.body()).isEqualTo(200);
            assertThat(retried.json().get("parked").isNull()).isTrue();
            assertThat(http.get(poison, actingFor(VICTIM)).json().get("name").asText()).isEqualTo("POISON-1");
            assertThat(http.get(behind, actingFor(VICTIM)).json().get("name").asText()).isEqualTo("After");
            assertThat(parked(http)).isEmpty();
            createdAndVisible(http, VICTIM, "Fine again");
            assertThat(http.get("/actuator/prometheus").body())
                    .contains("traceloom_projection_parked_sequences{projection=\"" + PROJECTION + "\"} 0.0");

            PoisonousItems.armed = true;
            String evicted = heldBack(http, VICTIM, "POISON-2");
            Response eviction = http.delete("/actuator/projections/" + PROJECTION + "/" + VICTIM);
            assertThat(eviction.status()).as(eviction.body()).isEqualTo(200);
            assertThat(eviction.json().get("evicted").asLong()).isEqualTo(1);
            assertThat(parked(http)).isEmpty();
            assertThat(http.get(evicted, actingFor(VICTIM)).status()).as("dropped from the read model").isEqualTo(404);
            createdAndVisible(http, VICTIM, "After the eviction");

            String sequence = "/actuator/projections/" + PROJECTION + "/" + VICTIM;
            assertThat(http.get(sequence).status()).as("no longer parked").isEqualTo(404);
            assertThat(operatorPost(http, sequence).status()).isEqualTo(404);
            assertThat(http.delete(sequence).status()).isEqualTo(404);
            assertThat(operatorPost(http, "/actuator/projections/nothing/" + VICTIM).status()).isEqualTo(404);
            for (String id : bystanders) {
                assertThat(http.get("/trade-items/" + id, actingFor(BYSTANDER)).status()).isEqualTo(200);
            }
        }
    }

    @Test
    void aRestartWithAParkedSequenceServesEveryoneAndAReplayClearsItOnceFixed() throws Exception {
        String poison;
        String bystander;
        try (RunningTraceloom traceloom = start()) {
            Http http = traceloom.http();
            poison = heldBack(traceloom.http(), VICTIM, "POISON-1");
            bystander = createdAndVisible(http, BYSTANDER, "Item");
        }

        // the read models, the tokens and the queue are in the read-model file: the next start goes on from them
        try (RunningTraceloom traceloom = start()) {
            Http http = traceloom.http();
            assertThat(parked(http).at("/0/sequence").asText()).isEqualTo(VICTIM);
            createdAndVisible(http, BYSTANDER, "After a restart");
            heldBack(http, VICTIM, "After a restart");
        }

        // after a crash nothing was saved: every read model is rebuilt from the events at the start
        FileSystemUtils.deleteRecursively(dataDir.resolve("read-models"));
        assertThat(Files.exists(dataDir.resolve("read-models"))).isFalse();
        try (RunningTraceloom traceloom = start()) {
            Http http = traceloom.http();
            assertThat(parked(http).at("/0/events").asLong()).as("parked again while rebuilt").isEqualTo(2);
            assertThat(http.get("/trade-items/" + bystander, actingFor(BYSTANDER)).status()).isEqualTo(200);
            createdAndVisible(http, BYSTANDER, "After a crash");

            // the cause fixed, a replay rebuilds the read model with the events once parked, and the queue is empty
            PoisonousItems.armed = false;
            assertThat(operatorPost(http, "/actuator/projections/" + PROJECTION).status()).isEqualTo(202);
            awaitStatus(http, status -> !status.get("replaying").asBoolean());
            assertThat(parked(http)).isEmpty();
            assertThat(http.get(poison, actingFor(VICTIM)).json().get("name").asText()).isEqualTo("POISON-1");
            assertThat(http.get("/trade-items", actingFor(VICTIM)).json()).hasSize(2);
            createdAndVisible(http, VICTIM, "After the replay");
        }
    }

    /**
     * A batch's read models that MongoDB refuses to write are no event's fault: the batch is handled again until
     * they are written, as ever, and an event it parked on the way stays parked once; the batch's other events
     * all reach the read model.
     */
    @Test
    void aBatchWhoseWriteFailsIsRetriedAndTheEventItParkedIsParkedOnce() throws Exception {
        RefusingBackend backend = new RefusingBackend();
        MongoServer mongo = new MongoServer(backend);
        mongo.bind("127.0.0.1", 0);
        ExecutorService clients = Executors.newFixedThreadPool(3);
        String uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, List.of(OtherTenants.class,
                PoisonousItems.class), "--spring.data.mongodb.uri=" + uri, "--traceloom.read-models.await-timeout=60s")) {
            Http http = traceloom.http();
            backend.refuseItemWrites(true);
            Future<Response> first = clients.submit(() -> createItem(http, BYSTANDER, "First"));
            awaitStatus(http, status -> status.get("error").asBoolean());
            Future<Response> poison = clients.submit(() -> createItem(http, VICTIM, "POISON-1"));
            Future<Response> second = clients.submit(() -> createItem(http, BYSTANDER, "Second"));
            awaitStatus(http, status -> status.get("head").asLong() >= status.get("position").asLong() + 3);
            Thread.sleep(3000); // the batch, with all three, is tried and refused again
            backend.refuseItemWrites(false);

            for (Future<Response> bystander : List.of(first, second)) {
                Response created = bystander.get(60, TimeUnit.SECONDS);
                assertThat(created.status()).as(created.body()).isEqualTo(201);
                assertThat(http.get("/trade-items/" + created.json().get("id").asText(), actingFor(BYSTANDER))
                        .status()).isEqualTo(200);
            }
            assertThat(poison.get(60, TimeUnit.SECONDS).status()).isEqualTo(202);
            assertThat(backend.refused()).as("the batch's write was refused, and retried").isGreaterThan(1);
            JsonNode parked = parked(http);
            assertThat(parked).hasSize(1);
            assertThat(parked.at("/0/events").asLong()).as("parked once, however often the batch was tried")
                    .isEqualTo(1);
        } finally {
            clients.shutdownNow();
            mongo.shutdownNow();
        }
    }

    /** mongo-java-server refusing to write the trade-items read model while told to. */
    private static final class RefusingBackend extends MemoryBackend {
        private volatile boolean refusing;
        private final AtomicInteger refused = new AtomicInteger();

        void refuseItemWrites(boolean refuse) {
            refusing = refuse;
        }

        int refused() {
            return refused.get();
        }

        @Override
        public Document handleCommand(Channel channel, String database, String command, Document query) {
            if (refusing && "update".equals(command) && "trade_items".equals(query.get("update"))) {
                refused.incrementAndGet();
                throw new MongoServerException("injected: MongoDB refuses the write");
            }
            return super.handleCommand(channel, database, command, query);
        }
    }

    private static Response operatorPost(Http http, String path) {
        return http.send("POST", path, null, BodyPublishers.noBody());
    }

    private static void awaitStatus(Http http, Predicate<JsonNode> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.test(http.get("/actuator/projections/" + PROJECTION).json())) {
            assertThat(System.nanoTime()).as("in time").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private List<ILoggingEvent> warnings() {
        return logs.list.stream().filter(line -> line.getLevel() == Level.WARN
                && line.getLoggerName().equals("io.traceloom.query.processing.PoisonEvents")).toList();
    }

    private static ListAppender<ILoggingEvent> captureLogs() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.setName("poison-event-test");
        appender.setContext(context);
        appender.start();
        context.getLogger("io.traceloom.query.processing").addAppender(appender);
        return appender;
    }

    /**
     * Test only, added to the application explicitly: a handler in the trade-items projection that fails on the
     * creation of an item named POISON..., while armed; as a fold would on an event it cannot handle.
     */
    public static class PoisonousItems {

        static volatile boolean armed;

        @Bean
        public PoisonousItemHandler poisonousItemHandler() {
            return new PoisonousItemHandler();
        }
    }

    @ProcessingGroup(TradeItemProjection.PROCESSING_GROUP)
    public static class PoisonousItemHandler {

        @EventHandler
        void on(TradeItemCreated event) {
            if (PoisonousItems.armed && event.name().startsWith("POISON")) {
                throw new IllegalStateException("cannot handle " + event.name());
            }
        }
    }
}
