package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A projection whose token has passed a gap in the global index (an append that rolled back, or the indexes a crash
 * took back from H2's cache of identity values) asks for the gap's event again with every batch, until it is far past
 * it. That read goes by the store's index on the global index, as a read without gaps does: Axon's own statement for
 * it made H2 read every event of the store, and after a kill -9 at 200,000 items the projections took 39-49 s to
 * read the events written since (BENCHMARKS.md).
 */
class TrackedReadsWithGapsTest {

    private static final int EVENTS = 1_000;
    private static final int BATCH = 10;
    private static final Pattern SCAN_COUNT = Pattern.compile("scanCount: (\\d+)");

    @TempDir
    Path dataDir;

    @Test
    void aTokenWithAGapReadsTheGapAndTheNextEventsByTheIndexNotTheWholeStore() throws Exception {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir)) {
            write(traceloom.bean(CommandGateway.class), EVENTS);
            DurableTrackedReads store = (DurableTrackedReads) traceloom.bean(EventStorageEngine.class);
            DataSource events = traceloom.bean(DataSource.class);
            long head = head(events);
            long gap = head - EVENTS / 2;
            long index = head - EVENTS / 4;
            GapAwareTrackingToken token = GapAwareTrackingToken.newInstance(index, List.of(gap));

            List<? extends TrackedEventData<?>> batch = store.fetchTrackedEvents(token, BATCH);
            assertThat(batch).extracting(event -> (GapAwareTrackingToken) event.trackingToken())
                    .as("the gap's event first (filling the gap), then the next %s, in order", BATCH)
                    .containsExactlyElementsOf(LongStream.rangeClosed(index, index + BATCH)
                            .mapToObj(at -> GapAwareTrackingToken.newInstance(at, List.of())).toList());

            try (Connection connection = events.getConnection();
                 PreparedStatement explained = store.readEventData(explaining(connection,
                         traceloom.bean(EventSchema.class)), token, BATCH);
                 ResultSet plan = explained.executeQuery()) {
                plan.next();
                String text = plan.getString(1);
                long scanned = 0;
                for (Matcher count = SCAN_COUNT.matcher(text); count.find(); ) {
                    scanned += Long.parseLong(count.group(1));
                }
                assertThat(scanned).as("rows H2 read for a batch of %s and one gap, of a store of %s events:%n%s",
                        BATCH, head, text).isPositive().isLessThanOrEqualTo(2L * (BATCH + 1) + 2);
            }
        }
    }

    /** {@code count} trade items created, 8 at a time, each an event. */
    private static void write(CommandGateway commands, int count) throws Exception {
        String tenant = UUID.randomUUID().toString();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int n = i;
                written.add(writers.submit(() -> commands.sendAndWait(
                        new CreateTradeItem(tenant, ResourceIds.next(), "Item " + n, null))));
            }
            for (Future<?> done : written) {
                done.get();
            }
        } finally {
            writers.shutdown();
        }
    }

    private static long head(DataSource events) throws SQLException {
        try (Connection connection = events.getConnection();
             ResultSet max = connection.createStatement()
                     .executeQuery("SELECT MAX(global_index) FROM domain_event_entry")) {
            max.next();
            return max.getLong(1);
        }
    }

    /** The connection, but a read of tracked events is prepared as H2's EXPLAIN ANALYZE of it: its plan and reads. */
    private static Connection explaining(Connection connection, EventSchema schema) {
        String trackedRead = "SELECT " + schema.trackedEventFields();
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("prepareStatement") && args.length == 1
                            && ((String) args[0]).startsWith(trackedRead)) {
                        args = new Object[]{"EXPLAIN ANALYZE " + args[0]};
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
