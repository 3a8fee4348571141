package io.traceloom.api.config;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.monitoring.MessageMonitor;
import org.axonframework.monitoring.NoOpMessageMonitorCallback;

/**
 * Axon's latency gauge of an event processor, {@code <prefix>.latency}: the milliseconds from the last event's
 * time to its handling, one gauge per set of tags, registered once. Axon's own monitor built and registered its
 * gauge again at every event (3.2 % of what a create allocated, every event of the seventeen projections).
 */
final class LatencyGauges implements MessageMonitor<Message<?>> {

    private final String name;
    private final MeterRegistry registry;
    private final Clock clock;
    private final MetersByTags<AtomicLong> latencies;

    LatencyGauges(String meterNamePrefix, MeterRegistry registry, Clock clock,
                  Function<Message<?>, Iterable<Tag>> tagsOf) {
        this.name = meterNamePrefix + ".latency";
        this.registry = registry;
        this.clock = clock;
        this.latencies = new MetersByTags<>(tagsOf, this::register);
    }

    @Override
    public MonitorCallback onMessageIngested(Message<?> message) {
        if (message instanceof EventMessage<?> event) {
            latencies.of(message).set(clock.wallTime() - event.getTimestamp().toEpochMilli());
        }
        return NoOpMessageMonitorCallback.INSTANCE;
    }

    private AtomicLong register(Tags tags) {
        AtomicLong latency = new AtomicLong();
        Gauge.builder(name, latency, AtomicLong::get).tags(tags).register(registry);
        return latency;
    }
}
