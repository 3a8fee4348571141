package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.TrackingEventProcessor;
import org.axonframework.messaging.Message;
import org.axonframework.micrometer.GlobalMetricRegistry;
import org.axonframework.monitoring.MessageMonitor;
import org.junit.jupiter.api.Test;

/** The meters of a projection, without a service: what its capacity covers, and so what it keeps in memory. */
class AxonMetricsConfigurationTest {

    /**
     * The capacity monitor keeps the duration of every event of its window: the window is the memory. A projection
     * busy for 20 s and then idle for 30 s shows no load any more; with Axon's ten minutes it still showed 3 %, and
     * kept each event of those ten minutes.
     */
    @Test
    void aProjectionsCapacityCoversItsLastTenSeconds() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MockClock clock = new MockClock();
        MessageMonitor<Message<?>> monitor = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                TrackingEventProcessor.class, "trade-items", clock);

        for (int i = 0; i < 20; i++) {
            MessageMonitor.MonitorCallback handling = monitor.onMessageIngested(
                    GenericEventMessage.asEventMessage("event " + i));
            clock.add(Duration.ofSeconds(1));
            handling.reportSuccess();
        }
        Gauge capacity = registry.get("eventProcessor.capacity").tag("processorName", "trade-items").gauge();
        assertThat(capacity.value()).isGreaterThan(0.9);

        clock.add(Duration.ofSeconds(30));
        assertThat(capacity.value()).isZero();
    }
}
