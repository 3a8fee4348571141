package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stop, start on the same data directory: every event is there, every read model rebuilt equal. */
class RestartTest {

    private static final String KEY = "restart-key-1";
    private static final String KEYED_BODY = "{\"name\":\"Keyed across a restart\"}";

    @TempDir
    Path dataDir;

    @Test
    void readModelsAreRebuiltEqualAndNothingIsDuplicated() throws SQLException {
        JsonNode before;
        Response keyed;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 12);
            keyed = first.http().post("/trade-items", KEYED_BODY, "Idempotency-Key", KEY);
            assertThat(keyed.status()).isEqualTo(201);
            before = Fixtures.everything(first.http());
        }
        long events = countEvents();
        assertThat(events).isGreaterThan(15);

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
            assertThat(second.http().post("/trade-item-tags", "{\"code\":\"ORG\",\"name\":\"again\"}").status())
                    .as("the command side remembers too").isEqualTo(409);
            Response retried = second.http().post("/trade-items", KEYED_BODY, "Idempotency-Key", KEY);
            assertThat(retried.status()).as("idempotency keys are kept with the events").isEqualTo(201);
            assertThat(retried.header("Location")).isEqualTo(keyed.header("Location"));
            assertThat(retried.json()).isEqualTo(keyed.json());
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
        }
        assertThat(countEvents()).isEqualTo(events);
    }

    private long countEvents() throws SQLException {
        String url = "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("events").resolve("traceloom");
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             ResultSet rows = connection.createStatement().executeQuery(
                     "SELECT COUNT(*), COUNT(DISTINCT event_identifier) FROM domain_event_entry"
                             // the audit log follows the store by itself: it may append what a stop left for later
                             + " WHERE payload_type NOT LIKE '%AuditLogExtended'")) {
            rows.next();
            assertThat(rows.getLong(2)).as("no event is stored twice").isEqualTo(rows.getLong(1));
            return rows.getLong(1);
        }
    }
}
