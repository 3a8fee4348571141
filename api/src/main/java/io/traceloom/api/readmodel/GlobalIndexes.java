package io.traceloom.api.readmodel;

import io.traceloom.query.history.EventPositions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Positions in the JDBC event store's global index, which the database hands out as it inserts: an event's
 * position is known only once it is committed, and a position taken by a transaction that rolled back (or
 * was lost in a crash) stays empty for good. Looked up by event identifier, which the table keeps unique: for
 * read-your-writes, and for the audit log's appender ({@link EventPositions}), to which a reader's token does not
 * say where an event committed late into a gap is.
 *
 * <p>Not {@link #available()} with Axon Server: its global sequence has no holes, so the head of the store
 * after a write is exact there and nothing needs looking up.
 */
@Component
public class GlobalIndexes implements EventPositions {

    /** Values per {@code IN (...)}: well below what any database accepts in one statement. */
    private static final int CHUNK = 500;

    private final JdbcTemplate jdbc;
    private final String byIdentifier;
    private final String withIdentifier;
    private final String existing;

    public GlobalIndexes(ObjectProvider<EventStorageEngine> engine, ObjectProvider<DataSource> dataSource,
                         ObjectProvider<EventSchema> schema) {
        EventSchema columns = schema.getIfAvailable(() -> EventSchema.builder().build());
        DataSource database = dataSource.getIfAvailable();
        this.jdbc = engine.getIfAvailable() instanceof JdbcEventStorageEngine && database != null
                ? new JdbcTemplate(database) : null;
        this.byIdentifier = "SELECT " + columns.globalIndexColumn() + " FROM " + columns.domainEventTable()
                + " WHERE " + columns.eventIdentifierColumn() + " IN ";
        this.withIdentifier = "SELECT " + columns.eventIdentifierColumn() + ", " + columns.globalIndexColumn()
                + " FROM " + columns.domainEventTable() + " WHERE " + columns.eventIdentifierColumn() + " IN ";
        this.existing = "SELECT " + columns.globalIndexColumn() + " FROM " + columns.domainEventTable()
                + " WHERE " + columns.globalIndexColumn() + " IN ";
    }

    /** Whether positions can be looked up here (the events are in a JDBC store). */
    public boolean available() {
        return jdbc != null;
    }

    /** The positions of the committed events with these identifiers; those not found are left out. */
    public SortedSet<Long> of(Collection<String> eventIdentifiers) {
        SortedSet<Long> positions = new TreeSet<>();
        if (jdbc != null) {
            forChunks(new ArrayList<>(eventIdentifiers), byIdentifier, positions);
        }
        return positions;
    }

    /** Where the committed events with these identifiers are: the audit log's appender asks, for events it read. */
    @Override
    public Map<String, Long> positionsOf(Collection<String> eventIdentifiers) {
        Map<String, Long> positions = new HashMap<>();
        if (jdbc != null) {
            List<String> identifiers = List.copyOf(eventIdentifiers);
            for (int from = 0; from < identifiers.size(); from += CHUNK) {
                List<String> chunk = identifiers.subList(from, Math.min(identifiers.size(), from + CHUNK));
                jdbc.query(withIdentifier + "(" + String.join(",", Collections.nCopies(chunk.size(), "?")) + ")",
                        row -> {
                            positions.put(row.getString(1), row.getLong(2));
                        }, chunk.toArray());
            }
        }
        return positions;
    }

    /**
     * Which of these positions hold a committed event now. Without a JDBC store every one is assumed to,
     * which errs on the side of waiting.
     */
    public Set<Long> committed(Collection<Long> positions) {
        if (jdbc == null) {
            return Set.copyOf(positions);
        }
        Set<Long> found = new HashSet<>();
        forChunks(new ArrayList<>(positions), existing, found);
        return found;
    }

    private void forChunks(List<?> values, String select, Collection<Long> into) {
        for (int from = 0; from < values.size(); from += CHUNK) {
            List<?> chunk = values.subList(from, Math.min(values.size(), from + CHUNK));
            String sql = select + "(" + String.join(",", Collections.nCopies(chunk.size(), "?")) + ")";
            into.addAll(jdbc.queryForList(sql, Long.class, chunk.toArray()));
        }
    }
}
