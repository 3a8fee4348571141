package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
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

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
