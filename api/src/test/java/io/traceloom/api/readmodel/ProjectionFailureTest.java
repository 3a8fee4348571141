package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerException;
import io.netty.channel.Channel;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.query.processing.ProjectionFailures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A projection whose handler fails on an event stops there and retries it until it succeeds: the event is
 * never skipped, and meanwhile the projections endpoint, health and metrics say where it is stuck. The fault
 * is injected into MongoDB: the trade-items projection's handler of a tag's deletion looks up the items
 * carrying the tag, and that lookup fails a few times.
 */
class ProjectionFailureTest {

    private static final int FAILURES = 3;

    @TempDir
    Path dataDir;
    private final FlakyBackend backend = new FlakyBackend();
    private MongoServer mongo;

    @BeforeEach
    void startMongo() {
        mongo = new MongoServer(backend);
        mongo.bind("127.0.0.1", 0);
    }

    @AfterEach
    void stopMongo() {
        mongo.shutdownNow();
    }

    @Test
    void aFailingHandlerIsRetriedUntilItSucceedsAndNothingIsSkipped() throws Exception {
        String uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri,
                // the deletion waits for the read models while the projection retries (1 + 2 + 4 s)
                "--traceloom.read-models.await-timeout=60s")) {
            Http http = traceloom.http();
            String tagId = Fixtures.createTag(http, "FAULTY").get("id").asText();
            List<String> items = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                items.add(http.post("/trade-items", "{\"name\":\"Item " + i + "\",\"tradeItemTag\":\"FAULTY\"}")
                        .json().get("id").asText());
            }
            backend.failLookupsOfItemsTaggedWith(tagId, FAILURES);
            ListAppender<ILoggingEvent> logs = captureLogs();

            CompletableFuture<Http.Response> deletion =
                    CompletableFuture.supplyAsync(() -> http.delete("/trade-item-tags/" + tagId));

            JsonNode stuck = awaitFailure(http);
            assertThat(stuck.get("error").asBoolean()).isTrue();
            assertThat(stuck.at("/failure/eventType").asText()).isEqualTo("TradeItemTagDeleted");
            // the latest event of the tenant's data; the audit log's appender may have recorded it in the store since
            assertThat(stuck.at("/failure/position").asLong()).isLessThanOrEqualTo(stuck.get("head").asLong());
            assertThat(stuck.at("/failure/error").asText()).contains("injected: MongoDB refuses the lookup");
            assertThat(stuck.at("/failure/since").asText()).isNotEmpty();
            assertThat(stuck.get("position").asLong()).as("not past the event").isLessThan(stuck.get("head").asLong());
            Http.Response health = http.get("/actuator/health/readiness");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().at("/components/readModels/status").asText()).isEqualTo("DOWN");
            assertThat(health.json().at("/components/readModels/details/failing/trade-items/eventType").asText())
                    .isEqualTo("TradeItemTagDeleted");
            assertThat(http.get("/actuator/prometheus").body())
                    .contains("traceloom_projection_failing{projection=\"trade-items\"} 1.0")
                    .contains("traceloom_projection_failing{projection=\"trade-item-tags\"} 0.0");

            Http.Response deleted = deletion.get(60, TimeUnit.SECONDS);
            assertThat(deleted.status()).as(deleted.body()).isEqualTo(200);

            for (String item : items) {
                assertThat(http.get("/trade-items/" + item).json().at("/tradeItemTag/deleted").asBoolean())
                        .as("the item shows its tag's deletion: the event was not skipped").isTrue();
            }
            assertThat(http.get("/actuator/projections/trade-items").json().get("failure").isNull()).isTrue();
            awaitNoError(http); // the processor leaves its error mode just after the batch that succeeded
            assertThat(http.get("/actuator/health").status()).isEqualTo(200);
            assertThat(http.get("/actuator/prometheus").body())
                    .contains("traceloom_projection_failing{projection=\"trade-items\"} 0.0")
                    .contains("traceloom_projection_failures_total{projection=\"trade-items\"} " + FAILURES + ".0");

            List<ILoggingEvent> lines = List.copyOf(logs.list);
            assertThat(lines.stream().filter(line -> line.getThrowableProxy() != null))
                    .as("one stack trace for the whole episode").hasSize(1);
            assertThat(lines.stream().filter(line -> line.getFormattedMessage().startsWith("Releasing claim")))
                    .as("one line per retry, with its pause").hasSize(FAILURES);
            assertThat(lines.stream().filter(line -> line.getLoggerName().equals(ProjectionFailures.class.getName()))
                    .map(ILoggingEvent::getFormattedMessage))
                    .satisfiesExactly(
                            stuckLine -> assertThat(stuckLine).contains("trade-items cannot get past event"),
                            recoveredLine -> assertThat(recoveredLine).contains("trade-items got past event"));
            assertThat(lines).as("nothing but these").hasSize(1 + FAILURES + 2);
        } finally {
            releaseLogs();
        }
    }

    private static JsonNode awaitFailure(Http http) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            JsonNode status = http.get("/actuator/projections/trade-items").json();
            if (!status.get("failure").isNull()) {
                return status;
            }
            assertThat(System.nanoTime()).as("the failure was reported in time").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static void awaitNoError(Http http) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (http.get("/actuator/projections/trade-items").json().get("error").asBoolean()) {
            assertThat(System.nanoTime()).as("the processor left its error mode in time").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private static final List<String> WATCHED = List.of("org.axonframework.eventhandling.TrackingEventProcessor",
            ProjectionFailures.class.getName());

    /** What the processor and the failure watch log about the trade-items projection from now on. */
    private static ListAppender<ILoggingEvent> captureLogs() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> appender = new ListAppender<>() {
            @Override
            protected void append(ILoggingEvent event) {
                if (event.getThreadName().contains("[trade-items]")) {
                    super.append(event);
                }
            }
        };
        appender.setName("projection-failure-test");
        appender.setContext(context);
        appender.start();
        WATCHED.forEach(name -> context.getLogger(name).addAppender(appender));
        return appender;
    }

    private static void releaseLogs() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        WATCHED.forEach(name -> {
            Logger logger = context.getLogger(name);
            logger.detachAppender("projection-failure-test");
        });
    }

    /** mongo-java-server refusing the projection's lookup of the items with one tag, a number of times. */
    private static final class FlakyBackend extends MemoryBackend {
        private volatile String tagId;
        private final AtomicInteger failuresLeft = new AtomicInteger();

        void failLookupsOfItemsTaggedWith(String tagId, int times) {
            failuresLeft.set(times);
            this.tagId = tagId;
        }

        @Override
        public Document handleCommand(Channel channel, String database, String command, Document query) {
            if ("find".equals(command) && "trade_items".equals(query.get("find"))
                    && query.get("filter") instanceof Document filter && tagId != null
                    && tagId.equals(filter.get("tradeItemTag._id")) && failuresLeft.getAndDecrement() > 0) {
                throw new MongoServerException("injected: MongoDB refuses the lookup");
            }
            return super.handleCommand(channel, database, command, query);
        }
    }
}
