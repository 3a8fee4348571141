package io.traceloom.api.embedded;

import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Which event store this is, for {@link ReadModelTrust}: the event at its head, and the event at a given
 * position. Absent when the events are not in a JDBC store.
 */
final class EventStoreLineage {

    /** Where the event store's head stands: its position and the identifier of the event there. */
    record Head(long position, String eventIdentifier) {
    }

    /** Reads the head with one connection, taken when this is made and given back when it is closed. */
    final class Heads implements AutoCloseable {

        private final Connection connection;
        private final JdbcTemplate jdbc;

        private Heads(Connection connection) {
            this.connection = connection;
            this.jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
        }

        /**
         * The head now, or empty when the store holds no event.
         *
         * @throws org.springframework.dao.DataAccessException when the store cannot be asked
         */
        Optional<Head> now() {
            return first(jdbc, head);
        }

        @Override
        public void close() {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    private final DataSource dataSource;
    private final JdbcTemplate jdbc;
    private final String head;
    private final String at;

    EventStoreLineage(DataSource dataSource, EventSchema columns) {
        this.dataSource = dataSource;
        this.jdbc = new JdbcTemplate(dataSource);
        String select = "SELECT " + columns.globalIndexColumn() + ", " + columns.eventIdentifierColumn() + " FROM "
                + columns.domainEventTable();
        this.head = select + " ORDER BY " + columns.globalIndexColumn() + " DESC LIMIT 1";
        this.at = select + " WHERE " + columns.globalIndexColumn() + " = ?";
    }

    /**
     * Takes a connection to read the head with (waiting for one when all are taken).
     *
     * @throws org.springframework.dao.DataAccessException when none can be had
     */
    Heads heads() {
        return new Heads(DataSourceUtils.getConnection(dataSource));
    }

    /**
     * The identifier of the event at a position, or empty when there is none.
     *
     * @throws org.springframework.dao.DataAccessException when the store cannot be asked
     */
    Optional<String> identifierAt(long position) {
        return first(jdbc, at, position).map(Head::eventIdentifier);
    }

    private static Optional<Head> first(JdbcTemplate jdbc, String query, Object... arguments) {
        List<Head> found = jdbc.query(query, (row, i) -> new Head(row.getLong(1), row.getString(2)), arguments);
        return found.stream().findFirst();
    }
}
