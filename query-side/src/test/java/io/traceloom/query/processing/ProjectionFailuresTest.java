package io.traceloom.query.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.query.processing.ProjectionFailures.Failure;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.GenericTrackedEventMessage;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.messaging.DefaultInterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.junit.jupiter.api.Test;

/** Where a projection is stuck, as its processor retries a failing batch, and when it got past. */
class ProjectionFailuresTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05Z");

    private final MutableClock clock = new MutableClock();
    private final ProjectionFailures failures = new ProjectionFailures(clock);
    private final MessageHandlerInterceptor<EventMessage<?>> watch = failures.watch("tags");

    /** Handles a batch of the events at these positions as the tracking processor does; fails at {@code failAt}. */
    private Throwable batch(long failAt, long... positions) {
        List<EventMessage<?>> events = new ArrayList<>();
        for (long position : positions) {
            events.add(new GenericTrackedEventMessage<>(new GlobalSequenceTrackingToken(position),
                    GenericEventMessage.asEventMessage(new TagRenamed(position))));
        }
        BatchingUnitOfWork<EventMessage<?>> unitOfWork = new BatchingUnitOfWork<>(events);
        unitOfWork.resources().put("Processor[tags]/SegmentId", 0);
        var result = unitOfWork.executeWithResult(() -> new DefaultInterceptorChain<>(unitOfWork, List.of(watch),
                message -> {
                    if (((TagRenamed) message.getPayload()).position() == failAt) {
                        throw new IllegalStateException("cannot fold");
                    }
                    return null;
                }).proceed());
        return result.isExceptional() ? result.exceptionResult() : null;
    }

    record TagRenamed(long position) {
    }

    @Test
    void aFailingEventIsReportedWithItsTypePositionErrorAndSince() {
        Throwable thrown = batch(12, 11, 12, 13);

        assertThat(thrown).isInstanceOf(IllegalStateException.class);
        assertThat(failures.of("tags")).contains(
                new Failure("TagRenamed", 12, "IllegalStateException: cannot fold", T0, 0));
        assertThat(failures.of("other")).isEmpty();
    }

    @Test
    void retriesAreCountedFromTheFirstFailure() {
        batch(12, 11, 12, 13);
        clock.now = T0.plusSeconds(3);
        batch(12, 11, 12, 13);
        batch(12, 11, 12, 13);

        Failure failure = failures.of("tags").orElseThrow();
        assertThat(failure.retries()).isEqualTo(2);
        assertThat(failure.since()).isEqualTo(T0);
        assertThat(failures.failedAttempts("tags")).isEqualTo(3);
    }

    @Test
    void aBatchThatSucceedsEndsTheFailure() {
        batch(12, 11, 12, 13);

        assertThat(batch(-1, 11, 12, 13)).isNull();

        assertThat(failures.of("tags")).isEmpty();
        assertThat(failures.failedAttempts("tags")).as("a counter: it stays").isEqualTo(1);
    }

    @Test
    void theCauseIsNamedInOneLine() {
        var error = new RuntimeException("Handler failed", new IllegalArgumentException("no such tag"));

        assertThat(ProjectionFailures.describe(error))
                .isEqualTo("RuntimeException: Handler failed (caused by IllegalArgumentException: no such tag)");
    }

    private static final class MutableClock extends Clock {
        Instant now = T0;

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
