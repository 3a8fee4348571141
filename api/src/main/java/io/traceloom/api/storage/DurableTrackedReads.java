package io.traceloom.api.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * The JDBC event store, whose projections, histories and other readers see an event only once it is durable, and
 * whose projections read the events in batches bounded in bytes as well as in number.
 *
 * <p>Durable: PostgreSQL acknowledges a commit once it is on disk ({@link DurableCommits#BY_THE_STORE}); the
 * embedded H2 makes a commit visible before the group commit has forced it; after a crash the store falls
 * back to its last forced state and hands the lost events' global indexes to new events. A projection that had
 * processed a lost event would keep it in its read model and, with a persistent token, skip the new event
 * carrying the same index. So every batch a projection reads waits for a force that started after the read; it
 * shares that force with the writers waiting at the same time, and costs nothing when nothing was written since
 * the last force (a replay of old events).
 *
 * <p>Bounded: a batch holds as many events as its size allows, and no more than {@link #MAX_BATCH_BYTES} of
 * them (at least one). Each projection reads the stream on its own while it rebuilds, so about seventeen batches
 * are in memory at once; of events of a few hundred bytes, a batch is its hundred events, but a stream of the
 * largest events (a render: its variables and its output, up to 2 MB) took 200 MB a batch, and a start after a
 * client had recorded a few hundred of them ran out of memory. How many events fit is read first, from the
 * lengths of the next ones.
 *
 * <p>Read by the index, gaps too: a token that has passed a gap in the global index (an append that rolled back,
 * or the indexes a crash took back) asks for the missing events again on every read, until it is far past them.
 * Axon asks for them and the next range in one {@code WHERE (range) OR global_index IN (gaps)}, which H2 answers by
 * reading the whole table (200,000 events: every projection's every batch a scan of 276 MB, for the 10,000 events
 * after a gap); two reads joined, each by the index, give the same events in the same order
 * ({@link #readEventDataWithGaps}).
 */
final class DurableTrackedReads extends JdbcEventStorageEngine {

    /** The most bytes of payload and metadata one batch of tracked events holds, unless one event is larger. */
    static final long MAX_BATCH_BYTES = 4L * 1024 * 1024;
    /** The most batches one stream of the event store's producer reads, and so the most it holds of them. */
    static final int PRODUCER_BATCHES = 2;

    private final DurableCommits durableCommits;

    DurableTrackedReads(JdbcEventStorageEngine.Builder builder, DurableCommits durableCommits) {
        super(builder.readEventDataWithGaps(DurableTrackedReads::readEventDataWithGaps));
        this.durableCommits = durableCommits;
    }

    @Override
    protected List<? extends TrackedEventData<?>> fetchTrackedEvents(TrackingToken lastToken, int batchSize) {
        List<? extends TrackedEventData<?>> events = super.fetchTrackedEvents(lastToken, batchSize);
        if (!events.isEmpty()) {
            durableCommits.await();
        }
        return events;
    }

    /**
     * The stream the event store's producer reads new events by ({@code mayBlock}, the one caller that asks so):
     * batch after batch until one comes back empty, as Axon reads it, but at most {@value #PRODUCER_BATCHES}
     * batches; then the producer asks again from where it stopped. The producer holds the node of its cache it
     * started from for as long as its stream runs, and with it every event cached since: Axon's stream, which only
     * an empty batch ended, grew the cache by every event written under writes that never pause, until the heap ran
     * out (200,000 trade items seeded at once: {@code OutOfMemoryError} at about 20,000). Ending after every batch
     * instead left a pause between two batches of one set of tags that a projection could split (TagSetReadersTest).
     * Every other reader reads to the end as before.
     */
    @Override
    protected Stream<? extends TrackedEventData<?>> readEventData(TrackingToken trackingToken, boolean mayBlock) {
        if (!mayBlock) {
            return super.readEventData(trackingToken, false);
        }
        List<TrackedEventData<?>> read = new ArrayList<>();
        TrackingToken from = trackingToken;
        for (int batches = 0; batches < PRODUCER_BATCHES; batches++) {
            List<? extends TrackedEventData<?>> batch = fetchTrackedEvents(from, batchSize());
            if (batch.isEmpty()) {
                break;
            }
            read.addAll(batch);
            from = batch.get(batch.size() - 1).trackingToken();
        }
        return read.stream();
    }

    /**
     * An aggregate's events, read by a history, a resource as of an instant, or a view of what an aggregate holds
     * now: the stream ends with an empty batch (the JDBC engine reads until one), and before it ends, everything
     * read (the snapshot it started from included) has been forced, so that a reader never shows an event a crash
     * then takes back, nor a sequence number a later event would get. A command's unit of work reads without
     * waiting, under the aggregate's lock: what it decides is answered only after a force (a change waits for
     * its own, which covers what it read; a refusal too, {@code Writes}).
     */
    @Override
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String aggregateIdentifier,
                                                                   long firstSequenceNumber, int batchSize) {
        List<? extends DomainEventData<?>> events = super.fetchDomainEvents(aggregateIdentifier, firstSequenceNumber,
                batchSize);
        if (events.isEmpty() && firstSequenceNumber > 0 && !inACommand()) {
            durableCommits.await();
        }
        return events;
    }

    /** The last sequence number of an aggregate, which a reader outside a command sees only once it is forced. */
    @Override
    public Optional<Long> lastSequenceNumberFor(String aggregateIdentifier) {
        Optional<Long> last = super.lastSequenceNumberFor(aggregateIdentifier);
        if (last.isPresent() && !inACommand()) {
            durableCommits.await();
        }
        return last;
    }

    private static boolean inACommand() {
        if (!CurrentUnitOfWork.isStarted()) {
            return false;
        }
        for (UnitOfWork<?> unit = CurrentUnitOfWork.get(); unit != null; unit = unit.parent().orElse(null)) {
            if (unit.getMessage() instanceof CommandMessage<?>) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected PreparedStatement readEventData(Connection connection, TrackingToken lastToken, int batchSize)
            throws SQLException {
        return super.readEventData(connection, lastToken, fitting(connection, lastToken, batchSize));
    }

    /**
     * The events of a token with gaps: those of the range after its index, and those of its gaps, which all lie
     * below its index, in one ordered answer. As Axon's own statement, but two selects that each read by the index
     * on the global index, where Axon's {@code OR} of the two made H2 read every event of the store.
     */
    static PreparedStatement readEventDataWithGaps(Connection connection, EventSchema schema, long globalIndex,
                                                   int batchSize, List<Long> gaps) throws SQLException {
        String select = "SELECT " + schema.trackedEventFields() + " FROM " + schema.domainEventTable() + " WHERE ";
        PreparedStatement statement = connection.prepareStatement(select + schema.globalIndexColumn() + " > ? AND "
                + schema.globalIndexColumn() + " <= ? UNION ALL " + select + schema.globalIndexColumn() + " IN ("
                + String.join(",", Collections.nCopies(gaps.size(), "?")) + ") ORDER BY "
                + schema.globalIndexColumn() + " ASC");
        statement.setLong(1, globalIndex);
        statement.setLong(2, globalIndex + batchSize);
        for (int i = 0; i < gaps.size(); i++) {
            statement.setLong(i + 3, gaps.get(i));
        }
        return statement;
    }

    /**
     * What {@code batchSize} means to Axon's query: a range of global indexes, from the token's up to this many
     * more (with the gaps the token has left behind). Narrowed to the indexes whose events fit in
     * {@link #MAX_BATCH_BYTES} together, or to the first one when it alone does not.
     */
    private int fitting(Connection connection, TrackingToken lastToken, int batchSize) throws SQLException {
        EventSchema schema = schema();
        long after = lastToken instanceof GapAwareTrackingToken token ? token.getIndex() : -1;
        try (PreparedStatement lengths = connection.prepareStatement("SELECT " + schema.globalIndexColumn()
                + ", OCTET_LENGTH(" + schema.payloadColumn() + ") + COALESCE(OCTET_LENGTH("
                + schema.metaDataColumn() + "), 0) FROM " + schema.domainEventTable() + " WHERE "
                + schema.globalIndexColumn() + " > ? AND " + schema.globalIndexColumn() + " <= ? ORDER BY "
                + schema.globalIndexColumn() + " ASC")) {
            lengths.setLong(1, after);
            lengths.setLong(2, after + batchSize);
            try (ResultSet next = lengths.executeQuery()) {
                long last = after;
                long bytes = 0;
                while (next.next()) {
                    bytes += next.getLong(2);
                    if (last > after && bytes > MAX_BATCH_BYTES) {
                        return (int) (last - after);
                    }
                    last = next.getLong(1);
                }
                return batchSize;
            }
        }
    }
}
