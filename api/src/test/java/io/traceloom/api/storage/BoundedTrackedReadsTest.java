package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.axonframework.eventhandling.TrackedEventData;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A projection reads the embedded store in batches bounded in bytes: of the largest events (renders of about 1 MB of
 * variables into about 1 MB of output), a batch holds what fits in {@link DurableTrackedReads#MAX_BATCH_BYTES},
 * one when one is larger, and the batches together are the whole stream, in order, small events between them too.
 * The event store's own stream of new events, which fills its cache, is one batch at a time.
 */
class BoundedTrackedReadsTest {

    private static final int RENDERS = 6;

    @TempDir
    Path dataDir;

    @Test
    void aBatchOfTheLargestEventsHoldsWhatFitsInItsBytesAndTheBatchesAreTheWholeStream() throws SQLException {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir)) {
            Http http = traceloom.http();
            Http.Response template = http.post("/canvas-templates", "{\"name\":\"Large\","
                    + "\"template\":\"{{{s}}}\",\"schema\":{\"type\":\"object\"}}");
            assertThat(template.status()).as(template.body()).isEqualTo(201);
            String variables = "{\"s\":\"" + "x".repeat(1_000_000) + "\"}";
            for (int i = 0; i < RENDERS; i++) {
                Http.Response render = http.post("/canvas-templates/" + template.json().get("id").asText()
                        + "/render", variables);
                assertThat(render.status()).isEqualTo(201);
                assertThat(http.post("/trade-item-tags", "{\"code\":\"T" + i + "\",\"name\":\"Between\"}").status())
                        .isEqualTo(201);
            }
            // the audit log's appender writes to the store by itself after those writes: until it has, the stream
            // read below and the count after it could differ by its append
            AuditFeeds.awaitAppended(traceloom);
            DurableTrackedReads store = (DurableTrackedReads) traceloom.bean(EventStorageEngine.class);

            List<Long> sizes = new ArrayList<>();
            List<Integer> counts = new ArrayList<>();
            List<String> types = new ArrayList<>();
            TrackingToken token = null;
            for (List<? extends TrackedEventData<?>> batch = store.fetchTrackedEvents(token, 100); !batch.isEmpty();
                 batch = store.fetchTrackedEvents(token, 100)) {
                long bytes = 0;
                for (TrackedEventData<?> event : batch) {
                    bytes += ((byte[]) event.getPayload().getData()).length;
                    types.add(event.getPayload().getType().getName());
                }
                sizes.add(bytes);
                counts.add(batch.size());
                assertThat(batch.size() == 1 || bytes <= DurableTrackedReads.MAX_BATCH_BYTES)
                        .as("a batch of %s events holds %s bytes", batch.size(), bytes).isTrue();
                token = batch.get(batch.size() - 1).trackingToken();
            }

            assertThat(types).as("every event of the store").hasSize(count(traceloom))
                    .filteredOn(type -> type.endsWith("CanvasTemplateRendered")).hasSize(RENDERS);
            assertThat(sizes).as("batches").hasSizeGreaterThan(1);
            assertThat(counts).as("more batches than the producer reads at once")
                    .hasSizeGreaterThan(DurableTrackedReads.PRODUCER_BATCHES);
            try (Stream<? extends TrackedEventMessage<?>> shared = store.readEvents(null, true)) {
                assertThat(shared.count()).as("the stream the event store's cache of recent events is filled by: its "
                        + "first batches, then it ends (one that ran on while writes came pinned every event since in "
                        + "memory)").isEqualTo(counts.stream().limit(DurableTrackedReads.PRODUCER_BATCHES)
                        .mapToLong(Integer::longValue).sum());
            }
        }
    }

    private static int count(RunningTraceloom traceloom) throws SQLException {
        try (Connection connection = traceloom.bean(DataSource.class).getConnection();
             ResultSet count = connection.createStatement().executeQuery("SELECT COUNT(*) FROM domain_event_entry")) {
            count.next();
            return count.getInt(1);
        }
    }
}
