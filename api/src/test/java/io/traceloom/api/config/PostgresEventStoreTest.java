package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.TcpRelay;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events in PostgreSQL instead of H2 (set {@code spring.datasource.url}). Runs when PostgreSQL answers on
 * 127.0.0.1:5432 (database {@code test}, user {@code postgres}, or as set by {@code TRACELOOM_TEST_PG_*}),
 * in a schema of its own that it drops afterwards; skips with a message otherwise.
 */
class PostgresEventStoreTest {

    private static final String URL = env("TRACELOOM_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = env("TRACELOOM_TEST_PG_USER", "postgres");
    private static final String PASSWORD = env("TRACELOOM_TEST_PG_PASSWORD", "");
    private static final String SCHEMA = "traceloom_test_" + UUID.randomUUID().toString().replace("-", "");

    @TempDir
    Path dataDir;

    @BeforeAll
    static void requirePostgres() {
        try (Connection ignored = DriverManager.getConnection(URL, USER, PASSWORD)) {
            System.out.println("PostgresEventStoreTest: using " + URL + " as " + USER + ", schema " + SCHEMA);
        } catch (SQLException e) {
            String why = "PostgreSQL is not reachable at " + URL + " as " + USER + " (" + e.getMessage()
                    + "); skipping the PostgreSQL event store test";
            System.out.println("PostgresEventStoreTest SKIPPED: " + why);
            Assumptions.abort(why);
        }
    }

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
        String[] args = {
                "--spring.datasource.url=" + URL + "?currentSchema=" + SCHEMA,
                "--spring.datasource.username=" + USER,
                "--spring.datasource.password=" + PASSWORD,
                "--spring.flyway.schemas=" + SCHEMA,
        };
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

    /** Polls until {@code path} answers {@code status}, and returns that answer. */
    private static Http.Response awaitStatus(Http http, String path, int status) throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); // an anti-hang guard, not a timing assertion
        Http.Response answer = http.get(path);
        while (answer.status() != status && System.nanoTime() < guard) {
            Thread.sleep(100);
            answer = http.get(path);
        }
        return answer;
    }

    private static long countEvents() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD);
             ResultSet rows = connection.createStatement()
                     .executeQuery("SELECT COUNT(*) FROM " + SCHEMA + ".domain_event_entry")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
