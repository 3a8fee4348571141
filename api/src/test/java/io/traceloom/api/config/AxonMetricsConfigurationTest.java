package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.config.MeterFilterReply;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.SimpleCommandBus;
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

    /**
     * A bus's meters are its timers and its capacity, tagged with each message's type. Axon's default adds message
     * counters, which the service denies (the timers count the same messages): each message still asked the
     * registry for five counters and was refused each time, on the thread of every request that sent a command
     * or a query.
     */
    @Test
    void aBusAsksForNoCounterAMessage() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AtomicInteger countersAskedFor = new AtomicInteger();
        registry.config().meterFilter(new MeterFilter() {
            @Override
            public MeterFilterReply accept(Meter.Id id) {
                if (id.getType() == Meter.Type.COUNTER) {
                    countersAskedFor.incrementAndGet();
                }
                return MeterFilterReply.NEUTRAL;
            }
        }).meterFilter(new AxonMetricsConfiguration().axonCountersDuplicatingTheTimers());
        MessageMonitor<Message<?>> monitor = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                SimpleCommandBus.class, "commandBus");

        for (int i = 0; i < 10; i++) {
            monitor.onMessageIngested(GenericCommandMessage.asCommandMessage("command " + i)).reportSuccess();
        }

        assertThat(countersAskedFor).hasValue(0);
        assertThat(registry.get("commandBus.successTimer").tag("payloadType", "String").timer().count())
                .isEqualTo(10);
        assertThat(registry.find("commandBus.capacity").tag("payloadType", "String").gauge()).isNotNull();
    }
}
