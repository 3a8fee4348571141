package io.traceloom.api.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.query.audit.AuditLogAppender;
import io.traceloom.query.audit.AuditLogProjection;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.Bean;

/**
 * The audit log's appender is no projection: when it fails on an event (as its command fails while the event store
 * does not answer), it tries the batch again until it goes through, and parks nothing. A projection parks an event it
 * cannot handle with the rest of its tenant's events and moves on; the appender doing so would leave the tenant's log
 * without them until an operator retried a queue no operator sees (the appender is none of the projections they
 * list). The log's tree is a projection like the others, with its dead-letter queue.
 */
class AuditLogAppenderFailureTest {

    @TempDir
    Path dataDir;

    @AfterEach
    void disarm() {
        FailingAppends.failuresLeft.set(0);
    }

    @Test
    void anEventTheAppenderFailedOnIsAppendedOnceItGoesThroughAndNothingIsParked() throws InterruptedException {
        FailingAppends.failuresLeft.set(1);
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, List.of(FailingAppends.class))) {
            Http http = traceloom.http();
            assertThat(http.post("/trade-items", "{\"name\":\"FAILS-ONCE\"}").status()).isEqualTo(201);
            awaitFailed();
            assertThat(http.post("/trade-items", "{\"name\":\"Right after\"}").status()).isEqualTo(201);

            List<String> log = AuditFeeds.await(http, "", lines -> indexOf(lines, "Right after") >= 0);
            int failed = indexOf(log, "FAILS-ONCE");
            assertThat(failed).as("the event the appender failed on is in the log").isNotNegative();
            assertThat(failed).as("in the order of the store").isLessThan(indexOf(log, "Right after"));
            assertThat(log).filteredOn(line -> line.contains("FAILS-ONCE")).as("once").hasSize(1);

            EventProcessingConfiguration processing = traceloom.bean(EventProcessingConfiguration.class);
            assertThat(processing.deadLetterQueue(AuditLogAppender.PROCESSING_GROUP)).as("the appender parks nothing")
                    .isEmpty();
            assertThat(processing.deadLetterQueue(AuditLogProjection.PROCESSING_GROUP)).as("the tree is a projection")
                    .isPresent();
        }
    }

    private static int indexOf(List<String> log, String name) {
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i).contains("\"name\":\"" + name + "\"")) {
                return i;
            }
        }
        return -1;
    }

    /** Until the appender has met the failure (the write answered without waiting for it). */
    private static void awaitFailed() throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard, not a timing assertion
        while (FailingAppends.failuresLeft.get() > 0) {
            if (System.nanoTime() > guard) {
                throw new AssertionError("the appender never handled the event it was to fail on");
            }
            Thread.sleep(20);
        }
    }

    /**
     * Test only, added to the application explicitly: a handler in the appender's processing group that fails on the
     * creation of an item named FAILS-ONCE as many times as asked, as the appender's command would while the event
     * store does not answer.
     */
    public static class FailingAppends {

        static final AtomicInteger failuresLeft = new AtomicInteger();

        @Bean
        public FailingAppendHandler failingAppendHandler() {
            return new FailingAppendHandler();
        }
    }

    @ProcessingGroup(AuditLogAppender.PROCESSING_GROUP)
    public static class FailingAppendHandler {

        @EventHandler
        void on(TradeItemCreated event) {
            if (event.name().equals("FAILS-ONCE")
                    && FailingAppends.failuresLeft.getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
                throw new IllegalStateException("the event store does not answer (test)");
            }
        }
    }
}
