package io.traceloom.api.embedded;

import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Which event store this is, for {@link ReadModelTrust}: the event at its head, and the event at a given
 * position. Absent when the events are not in a JDBC store.
 */
final class EventStoreLineage {

    /** Where the event store's head stands: its position and the identifier of the event there. */
    record Head(long position, String eventIdentifier) {
    }

    private final JdbcTemplate jdbc;
    private final String head;
    private final String at;

    EventStoreLineage(DataSource dataSource, EventSchema columns) {
        this.jdbc = new JdbcTemplate(dataSource);
        String select = "SELECT " + columns.globalIndexColumn() + ", " + columns.eventIdentifierColumn() + " FROM "
                + columns.domainEventTable();
        this.head = select + " ORDER BY " + columns.globalIndexColumn() + " DESC LIMIT 1";
        this.at = select + " WHERE " + columns.globalIndexColumn() + " = ?";
    }

    /**
     * The head, or empty when the store holds no event.
     *
     * @throws org.springframework.dao.DataAccessException when the store cannot be asked
     */
    Optional<Head> head() {
        return first(head);
    }

    /**
     * The identifier of the event at a position, or empty when there is none.
     *
     * @throws org.springframework.dao.DataAccessException when the store cannot be asked
     */
    Optional<String> identifierAt(long position) {
        return first(at, position).map(Head::eventIdentifier);
    }

    private Optional<Head> first(String query, Object... arguments) {
        List<Head> found = jdbc.query(query, (row, i) -> new Head(row.getLong(1), row.getString(2)), arguments);
        return found.stream().findFirst();
    }
}
