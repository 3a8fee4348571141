package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.monitoring.MessageMonitor.MonitorCallback;
import org.junit.jupiter.api.Test;

/** The capacity meter: the busy share of the last seconds, by the second a handling ended in. */
class WindowedCapacityMonitorTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MockClock clock = new MockClock();
    private final WindowedCapacityMonitor monitor = new WindowedCapacityMonitor("component", registry,
            Duration.ofSeconds(10), clock, message -> Tags.of("type", message.getPayloadType().getSimpleName()));

    @Test
    void aComponentBusyHalfOfEachSecondShowsHalfItsCapacity() {
        for (int second = 0; second < 30; second++) {
            handle("event", Duration.ofMillis(500));
            clock.add(Duration.ofMillis(500));
        }

        assertThat(capacity("String")).isCloseTo(0.5, offset(0.051));
    }

    @Test
    void whatEndedBeforeTheWindowCountsNoMore() {
        handle("event", Duration.ofSeconds(3));
        assertThat(capacity("String")).isCloseTo(0.3, offset(0.001));

        clock.add(Duration.ofSeconds(9));
        assertThat(capacity("String")).isCloseTo(0.3, offset(0.001));

        clock.add(Duration.ofSeconds(1));
        assertThat(capacity("String")).isZero();
    }

    @Test
    void eachSetOfTagsHasItsOwnGauge() {
        handle("event", Duration.ofSeconds(2));
        handle(42, Duration.ofSeconds(5));

        assertThat(capacity("String")).isCloseTo(0.2, offset(0.001));
        assertThat(capacity("Integer")).isCloseTo(0.5, offset(0.001));
        assertThat(registry.find("component.capacity").gauges()).hasSize(2);
    }

    @Test
    void failuresAndIgnoredMessagesTakeTimeToo() {
        MonitorCallback failing = monitor.onMessageIngested(GenericEventMessage.asEventMessage("event"));
        MonitorCallback ignoring = monitor.onMessageIngested(GenericEventMessage.asEventMessage("event"));
        clock.add(Duration.ofSeconds(1));
        failing.reportFailure(new IllegalStateException("boom"));
        ignoring.reportIgnored();

        assertThat(capacity("String")).isCloseTo(0.2, offset(0.001));
    }

    @Test
    void threadsHandlingAtOnceAddUp() throws Exception {
        List<CompletableFuture<Void>> threads = new ArrayList<>();
        List<MonitorCallback> callbacks = new ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            callbacks.add(monitor.onMessageIngested(GenericEventMessage.asEventMessage("event")));
        }
        clock.add(Duration.ofMillis(1));
        for (int thread = 0; thread < 4; thread++) {
            List<MonitorCallback> mine = callbacks.subList(thread * 1_000, (thread + 1) * 1_000);
            threads.add(CompletableFuture.runAsync(() -> mine.forEach(MonitorCallback::reportSuccess)));
        }
        CompletableFuture.allOf(threads.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);

        assertThat(capacity("String")).isCloseTo(0.4, offset(0.001));
    }

    @Test
    void aWindowShorterThanASecondIsRefused() {
        assertThatThrownBy(() -> new WindowedCapacityMonitor("component", registry, Duration.ofMillis(500), clock,
                message -> Tags.empty())).isInstanceOf(IllegalArgumentException.class);
    }

    private void handle(Object payload, Duration taking) {
        Message<?> message = GenericEventMessage.asEventMessage(payload);
        MonitorCallback callback = monitor.onMessageIngested(message);
        clock.add(taking);
        callback.reportSuccess();
    }

    private double capacity(String type) {
        Gauge gauge = registry.get("component.capacity").tag("type", type).gauge();
        return gauge.value();
    }
}
