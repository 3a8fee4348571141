package io.traceloom.api.embedded;

import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Which event store this is, for {@link SavedReadModels}: the event at its head, and the event at a given
 * position. Empty when the events are not in a JDBC store, or it cannot be asked.
 */
final class EventStoreLineage {

    private static final Logger log = LoggerFactory.getLogger(EventStoreLineage.class);

    private final JdbcTemplate jdbc;
    private final String head;
    private final String at;

    EventStoreLineage(DataSource dataSource, EventSchema columns) {
        this.jdbc = dataSource == null ? null : new JdbcTemplate(dataSource);
        String select = "SELECT " + columns.globalIndexColumn() + ", " + columns.eventIdentifierColumn() + " FROM "
                + columns.domainEventTable();
        this.head = select + " ORDER BY " + columns.globalIndexColumn() + " DESC LIMIT 1";
        this.at = select + " WHERE " + columns.globalIndexColumn() + " = ?";
    }

    Optional<SavedReadModels.Head> head() {
        return first(head);
    }

    Optional<String> identifierAt(long position) {
        return first(at, position).map(SavedReadModels.Head::eventIdentifier);
    }

    private Optional<SavedReadModels.Head> first(String query, Object... arguments) {
        if (jdbc == null) {
            return Optional.empty();
        }
        try {
            List<SavedReadModels.Head> found = jdbc.query(query,
                    (row, i) -> new SavedReadModels.Head(row.getLong(1), row.getString(2)), arguments);
            return found.stream().findFirst();
        } catch (DataAccessException e) {
            log.debug("The event store cannot be asked where it stands", e);
            return Optional.empty();
        }
    }
}
