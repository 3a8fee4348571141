package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.MongoServerProcess;
import io.traceloom.api.support.PostgresAvailable;
import io.traceloom.api.support.ServiceProcess;
import io.traceloom.api.support.Waits;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.query.tradeitem.TradeItemProjection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Operators of a deployment in split roles (issue 26): an {@code api} process and a {@code projections} process,
 * each a JVM of its own, over PostgreSQL and one MongoDB process, as {@link ProjectionsInTheirOwnProcessTest} runs
 * them. The projections process carries a handler of the trade items' projection that fails, as a MongoDB that
 * refuses would, on items named STUCK ({@link StuckItems}): the projection stops there and retries for good.
 *
 * <p>The {@code api} process runs no projection, yet its readiness goes DOWN and its projections endpoint says
 * where the projection is stuck (the projections process records it in the shared MongoDB); and a write the stuck
 * projection does not handle (a schema) still answers 201 and reads back at once.
 *
 * <p>Two projections processes share each projection's two segments; with the schemas' segments held one by each,
 * a replay asked of the {@code api} process is run by one of them, which gathers the segments (it answered 409).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
@ExtendWith(PostgresAvailable.class)
class SplitRolesOperatorsTest {

    private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    private static final String SCHEMA = "traceloom_operators_" + RUN;
    private static final Duration START_WITHIN = Duration.ofMinutes(4);

    @TempDir
    static Path work;

    @AfterAll
    static void dropSchema() {
        try (Connection connection = DriverManager.getConnection(PostgresAvailable.URL, PostgresAvailable.USER,
                PostgresAvailable.PASSWORD)) {
            connection.createStatement().execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        } catch (SQLException unreachable) {
            // skipped: nothing was created
        }
    }

    @Test
    void anApiProcessReportsAProjectionStuckInAnotherProcess() throws Exception {
        Path logs = Files.createDirectories(work.resolve("logs"));
        List<ServiceProcess> started = new ArrayList<>();
        try {
            ServiceProcess mongo = ServiceProcess.start("mongo", logs, MongoServerProcess.class.getName(),
                    List.of("0"), Pattern.compile(Pattern.quote(MongoServerProcess.LISTENING) + "(\\d+)"),
                    Duration.ofMinutes(1));
            started.add(mongo);
            String pgUrl = PostgresAvailable.URL;
            List<String> shared = List.of(
                    "--spring.datasource.url=" + pgUrl + (pgUrl.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA,
                    "--spring.datasource.username=" + PostgresAvailable.USER,
                    "--spring.datasource.password=" + PostgresAvailable.PASSWORD,
                    "--spring.flyway.schemas=" + SCHEMA,
                    "--spring.data.mongodb.uri=mongodb://127.0.0.1:" + mongo.port() + "/traceloom_operators_" + RUN,
                    "--traceloom.credentials.master-key=" + Base64.getEncoder().encodeToString(new byte[32]));
            List<String> projections = new ArrayList<>(shared);
            projections.addAll(List.of("--traceloom.role=projections", "--traceloom.projections.segments=2",
                    "--traceloom.projections.claim-timeout=5s", "--spring.main.sources=" + StuckItems.class.getName()));
            List<String> api = new ArrayList<>(shared);
            api.addAll(List.of("--traceloom.role=api", "--traceloom.data-dir=" + work.resolve("a"),
                    "--traceloom.read-models.await-timeout=3s"));
            ServiceProcess projectionsProcess = projections("projections-1", logs, projections);
            started.add(projectionsProcess);
            ServiceProcess secondProjections = projections("projections-2", logs, projections);
            started.add(secondProjections);
            ServiceProcess apiProcess = ServiceProcess.traceloom("api", logs, api, START_WITHIN);
            started.add(apiProcess);
            apiProcess.awaitReady(START_WITHIN);
            Http http = apiProcess.http();
            assertThat(http.post("/trade-items", "{\"name\":\"Fine\"}").status()).isEqualTo(201);

            Http.Response stuck = http.post("/trade-items", "{\"name\":\"STUCK-1\"}");
            assertThat(stuck.status()).as(stuck.body()).isEqualTo(202);
            assertThat(stuck.header("Retry-After")).isNotBlank();

            Http.Response readiness = Waits.until(http, "/actuator/health/readiness",
                    "go DOWN for the projection stuck in the projections process",
                    answer -> answer.status() == 503,
                    Duration.ofSeconds(60), () -> true, () -> projectionsProcess.tail(40));
            assertThat(readiness.body()).contains("DOWN");
            JsonNode failing = http.get("/actuator/health").json()
                    .at("/components/readModels/details/failing/" + TradeItemProjection.PROCESSING_GROUP);
            assertThat(failing.get("eventType").asText()).isEqualTo("TradeItemCreated");
            assertThat(failing.get("error").asText()).contains("STUCK-1");
            JsonNode status = http.get("/actuator/projections").json().get(TradeItemProjection.PROCESSING_GROUP);
            assertThat(status.get("error").asBoolean()).as(status.toString()).isTrue();
            assertThat(status.at("/failure/eventType").asText()).isEqualTo("TradeItemCreated");

            // a write the stuck projection does not handle is not held up by it
            String schema = UUID.randomUUID().toString();
            Http.Response written = http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\"}}");
            assertThat(written.status()).as(written.body()).isEqualTo(201);
            assertThat(http.get("/schemas/" + schema).status()).as("read your write").isEqualTo(200);

            // the schemas' segments held one by each projections process, then a replay asked of the api process
            String mongoUri = "mongodb://127.0.0.1:" + mongo.port();
            String database = "traceloom_operators_" + RUN;
            splitSchemas(mongoUri, database, List.of(nodeUrl(projectionsProcess), nodeUrl(secondProjections)));
            Http.Response replay = http.send("POST", "/actuator/projections/schemas", null,
                    java.net.http.HttpRequest.BodyPublishers.noBody());
            assertThat(replay.status()).as(replay.body()).isEqualTo(202);
            Waits.until(http, "/actuator/projections/schemas", "show the replay done",
                    answer -> answer.status() == 200 && !answer.json().get("replaying").asBoolean(),
                    Duration.ofSeconds(120), () -> true, () -> projectionsProcess.tail(40));
            assertThat(http.get("/schemas/" + schema).status()).as("the rebuilt read model").isEqualTo(200);
            String another = UUID.randomUUID().toString();
            assertThat(http.put("/schemas/" + another, "{\"name\":\"After\",\"schema\":{\"type\":\"object\"}}")
                    .status()).isEqualTo(201);
            assertThat(http.get("/schemas/" + another).status()).isEqualTo(200);
        } catch (Throwable failure) {
            started.forEach(process -> System.out.println("---- " + process.name() + ":\n" + process.tail(60)));
            throw failure;
        } finally {
            started.forEach(ServiceProcess::close);
        }
    }

    private static ServiceProcess projections(String name, Path logs, List<String> arguments) throws Exception {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        List<String> args = new ArrayList<>(arguments);
        args.addAll(List.of("--server.port=" + port, "--traceloom.node-url=http://127.0.0.1:" + port,
                "--traceloom.data-dir=" + work.resolve(name)));
        return ServiceProcess.traceloom(name, logs, args, START_WITHIN).awaitReady(START_WITHIN);
    }

    private static String nodeUrl(ServiceProcess process) {
        return "http://127.0.0.1:" + process.port();
    }

    /**
     * Makes the two processes hold one segment of the schemas' projection each: when one holds both, segment 1's
     * claim is handed to the other in the token store (its owner renamed, as if it had claimed it); the holder
     * finds its claim gone when it next extends it, and the other takes the segment up.
     */
    private static void splitSchemas(String mongoUri, String database, List<String> processes) throws Exception {
        try (com.mongodb.client.MongoClient client = com.mongodb.client.MongoClients.create(mongoUri)) {
            var tokens = client.getDatabase(database).getCollection(TokenStoreSegments.COLLECTION);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            long handedAt = 0;
            while (true) {
                List<String> owners = new ArrayList<>();
                List<Long> renewed = new ArrayList<>();
                tokens.find(com.mongodb.client.model.Filters.eq("processorName", "schemas"))
                        .sort(com.mongodb.client.model.Sorts.ascending("segment"))
                        .forEach(token -> {
                            owners.add(String.valueOf(token.getString("owner")));
                            renewed.add(token.get("timestamp", Number.class).longValue());
                        });
                // split, and the claim handed over renewed since by the process it was handed to: it works on it
                if (owners.size() == 2 && owners.containsAll(processes) && renewed.get(1) > handedAt) {
                    return;
                }
                assertThat(System.nanoTime()).as("the schemas' segments split: %s", owners).isLessThan(deadline);
                if (owners.size() == 2 && owners.get(0).equals(owners.get(1)) && processes.contains(owners.get(0))) {
                    String other = processes.get(0).equals(owners.get(0)) ? processes.get(1) : processes.get(0);
                    tokens.updateOne(com.mongodb.client.model.Filters.and(
                                    com.mongodb.client.model.Filters.eq("processorName", "schemas"),
                                    com.mongodb.client.model.Filters.eq("segment", 1)),
                            com.mongodb.client.model.Updates.combine(
                                    com.mongodb.client.model.Updates.set("owner", other),
                                    com.mongodb.client.model.Updates.set("timestamp", System.currentTimeMillis())));
                    handedAt = System.currentTimeMillis();
                }
                Thread.sleep(500);
            }
        }
    }

    /** A handler of the trade items' projection that fails on items named STUCK as a refusing MongoDB would. */
    public static class StuckItems {

        @Bean
        public StuckItemHandler stuckItemHandler() {
            return new StuckItemHandler();
        }
    }

    @ProcessingGroup(TradeItemProjection.PROCESSING_GROUP)
    public static class StuckItemHandler {

        @EventHandler
        void on(TradeItemCreated event) {
            if (event.name().startsWith("STUCK")) {
                throw new DataAccessResourceFailureException("the read model refuses " + event.name());
            }
        }
    }
}
