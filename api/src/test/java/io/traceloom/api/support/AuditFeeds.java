package io.traceloom.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http.Response;
import io.traceloom.query.audit.AuditLogAppender;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventsourcing.eventstore.EventStore;
import java.util.function.Predicate;

/**
 * The tenant's audit log as an export reads it. The log follows the event store by itself, about a second behind a
 * write ({@code traceloom.audit.append-interval}): a test that reads what it wrote waits for it to show.
 */
public final class AuditFeeds {

    private static final Duration FOLLOWS_WITHIN = Duration.ofSeconds(30);

    private AuditFeeds() {
    }

    /** The lines of the export ({@code query} appended to {@code /audit/events?}) once {@code ready} holds of them. */
    public static List<String> await(Http http, String query, Predicate<List<String>> ready, String... headers) {
        long deadline = System.nanoTime() + FOLLOWS_WITHIN.toNanos();
        while (true) {
            List<String> lines = export(http, query, headers);
            if (ready.test(lines)) {
                return lines;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the audit log did not show what was written within " + FOLLOWS_WITHIN);
            }
            ServiceProcess.pause(20);
        }
    }

    /**
     * Until the log's appender has read the store to its head, its own appends included: the store then moves only
     * with the next write.
     */
    public static void awaitAppended(RunningTraceloom service) {
        StreamingEventProcessor appender = service.bean(EventProcessingConfiguration.class)
                .eventProcessor(AuditLogAppender.PROCESSING_GROUP, StreamingEventProcessor.class).orElseThrow();
        EventStore store = service.bean(EventStore.class);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            long head = store.createHeadToken().position().orElse(-1);
            List<OptionalLong> positions = appender.processingStatus().values().stream()
                    .map(EventTrackerStatus::getCurrentPosition).toList();
            if (!positions.isEmpty() && positions.stream().allMatch(at -> at.isPresent() && at.getAsLong() >= head)
                    && store.createHeadToken().position().orElse(-1) == head) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the audit log's appender did not reach the head of the store");
            }
            ServiceProcess.pause(20);
        }
    }

    public static List<String> export(Http http, String query, String... headers) {
        String[] accept = new String[headers.length + 2];
        System.arraycopy(headers, 0, accept, 0, headers.length);
        accept[headers.length] = "Accept";
        accept[headers.length + 1] = "application/x-ndjson";
        Response export = http.get("/audit/events" + (query.isEmpty() ? "" : "?" + query), accept);
        assertThat(export.status()).as(export.body()).isEqualTo(200);
        return export.body().lines().toList();
    }
}
