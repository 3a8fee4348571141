package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.PostgresAvailable;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.TcpRelay;
import io.traceloom.api.support.Waits;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events in PostgreSQL instead of H2 (set {@code spring.datasource.url}). Runs when PostgreSQL answers on
 * 127.0.0.1:5432 (database {@code test}, user {@code postgres}, or as set by {@code TRACELOOM_TEST_PG_*}),
 * in a schema of its own that it drops afterwards; reported skipped, saying why, otherwise.
 */
@ExtendWith(PostgresAvailable.class)
class PostgresEventStoreTest {

    private static final String URL = PostgresAvailable.URL;
    private static final String USER = PostgresAvailable.USER;
    private static final String PASSWORD = PostgresAvailable.PASSWORD;
    private static final String SCHEMA = "traceloom_test_" + UUID.randomUUID().toString().replace("-", "");

    @TempDir
    Path dataDir;

    @AfterAll
    static void dropSchema() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD)) {
            connection.createStatement().execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        } catch (SQLException unreachable) {
            // skipped: nothing was created
        }
    }

    @Test
    void eventsLiveInPostgresAndSurviveARestart() throws SQLException {
        String[] args = inPostgres();
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir, args)) {
            Fixtures.writeHistory(first.http(), 8);
            before = Fixtures.everything(first.http());
        }
        long events = countEvents();
        assertThat(events).isGreaterThan(10);
        assertThat(dataDir.resolve("events")).as("no H2 file beside PostgreSQL").doesNotExist();

        try (RunningTraceloom second = RunningTraceloom.start(dataDir, args)) {
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
        }
        assertThat(countEvents()).isEqualTo(events);
    }

    /**
     * A token that has passed gaps in the global index reads the events of its gaps again, with those after it, in
     * order: the statement is the service's own (two selects by the index, {@code TrackedReadsWithGapsTest}), and
     * PostgreSQL runs it as H2 does.
     */
    @Test
    void aTokenWithGapsReadsItsGapsAndTheEventsAfterIt() {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, inPostgres())) {
            for (int i = 0; i < 12; i++) {
                assertThat(traceloom.http().post("/trade-items", "{\"name\":\"Item " + i + "\"}").status())
                        .isEqualTo(201);
            }
            EventStorageEngine store = traceloom.bean(EventStorageEngine.class);
            List<Long> indexes = tokens(store, null).stream().map(GapAwareTrackingToken::getIndex).toList();
            assertThat(indexes).hasSizeGreaterThan(10);
            long gap = indexes.get(2);
            long index = indexes.get(5);

            List<GapAwareTrackingToken> read = tokens(store, GapAwareTrackingToken.newInstance(index, List.of(gap)));

            List<Long> expected = new ArrayList<>(List.of(index)); // the gap's event, then those after the token
            expected.addAll(indexes.subList(6, indexes.size()));
            assertThat(read).extracting(GapAwareTrackingToken::getIndex).isEqualTo(expected);
            assertThat(read.get(0).getGaps()).as("the gap filled").doesNotContain(gap);
        }
    }

    private static List<GapAwareTrackingToken> tokens(EventStorageEngine store, TrackingToken from) {
        try (Stream<? extends TrackedEventMessage<?>> events = store.readEvents(from, false)) {
            return events.map(event -> (GapAwareTrackingToken) event.trackingToken()).toList();
        }
    }

    private static String[] inPostgres() {
        return new String[]{
                "--spring.datasource.url=" + URL + "?currentSchema=" + SCHEMA,
                "--spring.datasource.username=" + USER,
                "--spring.datasource.password=" + PASSWORD,
                "--spring.flyway.schemas=" + SCHEMA,
        };
    }

    /**
     * PostgreSQL out of reach (every connection cut, none accepted): health and readiness say so, and writes answer
     * 503, not 500; liveness stays up, since a restart would not bring the database back. Once it answers again,
     * so does the service, by itself.
     */
    @Test
    void postgresOutOfReachTakesHealthAndReadinessDownAndWritesAnswer503UntilItAnswersAgain() throws Exception {
        URI postgres = URI.create(URL.substring("jdbc:".length()));
        TcpRelay relay = TcpRelay.open(0, postgres.getHost(), postgres.getPort() < 0 ? 5432 : postgres.getPort());
        int port = relay.port();
        String[] args = {
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + port + postgres.getPath()
                        + "?currentSchema=" + SCHEMA,
                "--spring.datasource.username=" + USER,
                "--spring.datasource.password=" + PASSWORD,
                "--spring.flyway.schemas=" + SCHEMA,
                // a write waits this long for a connection before it is refused; the default is 30 s
                "--spring.datasource.hikari.connection-timeout=2000",
        };
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, args)) {
            Http http = traceloom.http();
            assertThat(http.post("/trade-item-tags", "{\"code\":\"REACHED\",\"name\":\"Reached\"}").status())
                    .isEqualTo(201);

            relay.close();

            Http.Response readiness = awaitStatus(http, "/actuator/health/readiness", 503);
            assertThat(readiness.json().at("/components/eventStore/status").asText()).as(readiness.body())
                    .isEqualTo("DOWN");
            Http.Response health = http.get("/actuator/health");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().at("/components/eventStore/status").asText()).isEqualTo("DOWN");
            assertThat(http.get("/actuator/health/liveness").status()).as("a restart would not bring it back")
                    .isEqualTo(200);
            Http.Response write = http.post("/trade-item-tags", "{\"code\":\"CUT\",\"name\":\"Cut\"}");
            assertThat(write.status()).as(write.body()).isEqualTo(503);
            assertThat(write.contentType()).startsWith("application/problem+json");
            assertThat(write.header("Retry-After")).isNotNull();
            assertThat(write.json().get("type").asText()).isEqualTo("urn:traceloom:problem:event-store-unavailable");

            relay = TcpRelay.open(port, postgres.getHost(), postgres.getPort() < 0 ? 5432 : postgres.getPort());
            awaitStatus(http, "/actuator/health/readiness", 200);
            assertThat(http.post("/trade-item-tags", "{\"code\":\"BACK\",\"name\":\"Back\"}").status())
                    .isEqualTo(201);
        } finally {
            relay.close();
        }
    }

    /**
     * Asks {@code path} until it answers {@code status}, and returns that answer; a request that gets no answer is
     * asked again. The minute is an anti-hang guard, not a timing assertion.
     */
    private static Http.Response awaitStatus(Http http, String path, int status) {
        return Waits.until(http, path, "answer " + status, answer -> answer.status() == status,
                Duration.ofSeconds(60), () -> true, () -> "the service with PostgreSQL behind a relay");
    }

    private static long countEvents() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD);
             ResultSet rows = connection.createStatement()
                     .executeQuery("SELECT COUNT(*) FROM " + SCHEMA + ".domain_event_entry"
                             // the audit log follows the store by itself: it may append what a stop left for later
                             + " WHERE payload_type NOT LIKE '%AuditLogExtended'")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
