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
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.monitoring.MessageMonitor;
import org.axonframework.queryhandling.GenericQueryMessage;
import org.axonframework.queryhandling.SimpleQueryBus;
import org.junit.jupiter.api.Test;

/** The meters of the projections and the buses, without a service: what they publish, keep and cost a message. */
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
     * Axon's timer monitor built its four timers at every message (a builder, an id, tags and a lookup each), its
     * capacity monitor a reservoir and a gauge, and its latency monitor its gauge: 12 % of what a create allocated, for every event of every
     * projection and every command and query. Each is now registered once for its tags.
     */
    @Test
    void aMessageCostsTheMetersLittleMemory() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MessageMonitor<Message<?>> projection = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                TrackingEventProcessor.class, "trade-items");
        MessageMonitor<Message<?>> commands = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                SimpleCommandBus.class, "commandBus");
        Message<?> event = GenericEventMessage.asEventMessage("event");
        Message<?> command = GenericCommandMessage.asCommandMessage("command");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

        for (int round = 0; round < 3; round++) { // warm, then measure the last
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 10_000; i++) {
                projection.onMessageIngested(event).reportSuccess();
                commands.onMessageIngested(command).reportSuccess();
            }
            long perMessage = (threads.getCurrentThreadAllocatedBytes() - before) / 20_000;
            if (round == 2) {
                // 2,156 with Axon's monitors, 936 with Axon's latency gauge left, 736 with the tags built at
                // each message by each monitor, 516 with them built once (what is left: the callbacks, Axon's
                // list of them)
                assertThat(perMessage).as("bytes a message").isLessThan(650);
            }
        }
        assertThat(registry.get("eventProcessor.allTimer").tag("processorName", "trade-items").timer().count())
                .isEqualTo(30_000);
        assertThat(registry.get("commandBus.successTimer").tag("payloadType", "String").timer().count())
                .isEqualTo(30_000);
    }

    /** A projection's latency: the milliseconds from its last event's time to its handling. */
    @Test
    void aProjectionsLatencyIsItsLastEventsAge() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MockClock clock = new MockClock();
        clock.add(Duration.ofSeconds(10));
        MessageMonitor<Message<?>> monitor = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                TrackingEventProcessor.class, "trade-items", clock);

        monitor.onMessageIngested(new GenericEventMessage<>(
                GenericEventMessage.asEventMessage("older"), () -> java.time.Instant.ofEpochMilli(
                        clock.wallTime() - 2_000))).reportSuccess();
        monitor.onMessageIngested(new GenericEventMessage<>(
                GenericEventMessage.asEventMessage("newer"), () -> java.time.Instant.ofEpochMilli(
                        clock.wallTime() - 250))).reportSuccess();

        assertThat(registry.get("eventProcessor.latency").tag("processorName", "trade-items").gauge().value())
                .isEqualTo(250);
        assertThat(registry.find("eventProcessor.latency").gauges()).hasSize(1);
    }

    /**
     * A bus's capacity covers its last ten seconds, as a projection's. With Axon's ten minutes, the command bus and
     * the query bus each held every command and every query of the last ten minutes: at 1,200 creates a second,
     * each a command and a query, some 1.4 million entries (about 120 MB of a 256 MB heap), which the full
     * collections copied again and again.
     */
    @Test
    void aBusesCapacityCoversItsLastTenSeconds() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MockClock clock = new MockClock();
        MessageMonitor<Message<?>> commands = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                SimpleCommandBus.class, "commandBus", clock);
        MessageMonitor<Message<?>> queries = AxonMetricsConfiguration.monitor(new GlobalMetricRegistry(registry),
                SimpleQueryBus.class, "queryBus", clock);

        for (int i = 0; i < 20; i++) {
            MessageMonitor.MonitorCallback command = commands.onMessageIngested(
                    GenericCommandMessage.asCommandMessage("command " + i));
            MessageMonitor.MonitorCallback query = queries.onMessageIngested(
                    new GenericQueryMessage<>("query " + i, ResponseTypes.instanceOf(String.class)));
            clock.add(Duration.ofSeconds(1));
            command.reportSuccess();
            query.reportSuccess();
        }
        Gauge commandBus = registry.get("commandBus.capacity").tag("payloadType", "String").gauge();
        Gauge queryBus = registry.get("queryBus.capacity").tag("payloadType", "String").gauge();
        assertThat(commandBus.value()).isGreaterThan(0.9);
        assertThat(queryBus.value()).isGreaterThan(0.9);

        clock.add(Duration.ofSeconds(30));
        assertThat(commandBus.value()).isZero();
        assertThat(queryBus.value()).isZero();
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
