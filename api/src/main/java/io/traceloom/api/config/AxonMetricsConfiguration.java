package io.traceloom.api.config;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.config.Configurer;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.messaging.Message;
import org.axonframework.micrometer.GlobalMetricRegistry;
import org.axonframework.micrometer.MetricsConfigurerModule;
import org.axonframework.micrometer.TagsUtil;
import org.axonframework.monitoring.MessageMonitor;
import org.axonframework.monitoring.MultiMessageMonitor;
import org.axonframework.queryhandling.QueryBus;
import org.axonframework.queryhandling.QueryUpdateEmitter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Axon's meters, sized for a Prometheus scrape. Axon's dimensional default tags every meter of an event processor
 * with the type of each event it sees: every projection sees every event, ignores most, and had a set of timers
 * per event type it ignored (2.5 MB of scrape after 40 events). Here:
 * <ul>
 * <li>{@code eventProcessor_*}: one set per projection, tagged {@code processorName};
 * <li>{@code eventStore_*} (the event bus): one set, untagged; which events were stored is the audit feed's to say;
 * <li>{@code commandBus_*}, {@code queryBus_*}: tagged {@code payloadType}, as many as the kinds of commands and
 * queries (Axon's default);
 * <li>Axon's timers keep their count, sum and maximum and publish no percentiles: those are computed in each
 * process over its last minutes, which no deployment of replicas can add up, and they were six lines a timer;
 * <li>Axon's message counters ({@code ingestedCounter}, {@code successCounter}...) are not kept: the timers'
 * counts are the same numbers ({@code successTimer_seconds_count}...).
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
public class AxonMetricsConfiguration {

    static final String EVENT_PROCESSOR = "eventProcessor";
    /** The time over which a projection's capacity is measured. */
    static final Duration CAPACITY_WINDOW = Duration.ofSeconds(10);
    /** The names Axon gives the meters of its buses and processors ({@code <prefix>.allTimer}...). */
    private static final List<String> AXON_PREFIXES = List.of(EVENT_PROCESSOR + ".", "eventStore.", "eventBus.",
            "commandBus.", "queryBus.", "queryUpdateEmitter.");

    /** The tags of a message's payload type ({@code payloadType}: its simple name), built once for each type. */
    private static final ClassValue<Tags> PAYLOAD_TYPE_TAGS = new ClassValue<>() {
        @Override
        protected Tags computeValue(Class<?> type) {
            return Tags.of(TagsUtil.PAYLOAD_TYPE_TAG, type.getSimpleName());
        }
    };
    /** Axon's {@code TagsUtil.PAYLOAD_TYPE_TAGGER_FUNCTION}, without building the tags again at every message. */
    private static final Function<Message<?>, Iterable<Tag>> BY_PAYLOAD_TYPE =
            message -> PAYLOAD_TYPE_TAGS.get(message.getPayloadType());

    /** Replaces Axon's own module (auto-configured unless there is one). */
    @Bean
    public MetricsConfigurerModule metricsConfigurerModule(GlobalMetricRegistry metrics) {
        return new MetricsConfigurerModule(metrics) {
            @Override
            public void configureModule(Configurer configurer) {
                configurer.configureMessageMonitor(configuration -> (componentType, componentName) ->
                        monitor(metrics, componentType, componentName));
            }
        };
    }

    static MessageMonitor<Message<?>> monitor(GlobalMetricRegistry metrics, Class<?> componentType, String name) {
        return monitor(metrics, componentType, name, Clock.SYSTEM);
    }

    @SuppressWarnings("unchecked")
    static MessageMonitor<Message<?>> monitor(GlobalMetricRegistry metrics, Class<?> componentType, String name,
                                              Clock clock) {
        if (EventProcessor.class.isAssignableFrom(componentType)) {
            return eventProcessor(metrics.getRegistry(), name, clock);
        }
        if (EventBus.class.isAssignableFrom(componentType)) {
            return (MessageMonitor<Message<?>>) metrics.registerEventBus(name, message -> Tags.empty());
        }
        if (CommandBus.class.isAssignableFrom(componentType) || QueryBus.class.isAssignableFrom(componentType)
                || QueryUpdateEmitter.class.isAssignableFrom(componentType)) {
            return bus(metrics.getRegistry(), name, clock);
        }
        return (MessageMonitor<Message<?>>) metrics.registerComponentWithDefaultTags(componentType, name);
    }

    /**
     * A bus's meters: Axon's timers, tagged {@code payloadType}, and its capacity over the last
     * {@link #CAPACITY_WINDOW} in a {@link WindowedCapacityMonitor}, as a projection's (below): Axon's own kept every
     * command and query of ten minutes (at 1,200 creates a second, each a command and a query, some 1.4 million
     * entries, about 120 MB). Not its message counters, which {@link #axonCountersDuplicatingTheTimers()} denies: built
     * anyway, each asked the registry for its five counters at every message, to be refused.
     */
    private static MessageMonitor<Message<?>> bus(MeterRegistry registry, String name, Clock clock) {
        return new MultiMessageMonitor<>(List.of(
                new MessageTimers(name, registry, clock, BY_PAYLOAD_TYPE),
                new WindowedCapacityMonitor(name, registry, CAPACITY_WINDOW, clock, BY_PAYLOAD_TYPE)));
    }

    /**
     * A projection's meters: Axon's for an event processor (its timers, its latency, its capacity), but
     * <ul>
     * <li>its capacity (the share of time spent handling events) over the last {@link #CAPACITY_WINDOW}, not Axon's
     * ten minutes, in a {@link WindowedCapacityMonitor}: Axon's monitor keeps every event's duration for the whole
     * window, in each of the seventeen projections (ten minutes of writes were 77 MB of heap after 50,000 trade
     * items; ten seconds still 38 MB right after 1,900 events a second); this one keeps ten numbers;</li>
     * <li>no message counters (they are not published, see below).</li>
     * </ul>
     */
    @SuppressWarnings("unchecked")
    private static MessageMonitor<Message<?>> eventProcessor(MeterRegistry registry, String name, Clock clock) {
        Tags tags = Tags.of(TagsUtil.PROCESSOR_NAME_TAG, name);
        Function<Message<?>, Iterable<Tag>> processor = message -> tags;
        MessageMonitor<?> monitor = new MultiMessageMonitor<EventMessage<?>>(List.of(
                new MessageTimers(EVENT_PROCESSOR, registry, clock, processor),
                new LatencyGauges(EVENT_PROCESSOR, registry, clock, processor),
                new WindowedCapacityMonitor(EVENT_PROCESSOR, registry, CAPACITY_WINDOW, clock, processor)));
        return (MessageMonitor<Message<?>>) monitor;
    }

    /** No message counters beside the timers that count the same messages. */
    @Bean
    public MeterFilter axonCountersDuplicatingTheTimers() {
        return MeterFilter.deny(id -> id.getType() == Meter.Type.COUNTER && axon(id));
    }

    /** No client-side percentiles on Axon's timers. */
    @Bean
    public MeterFilter axonTimersWithoutPercentiles() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() == Meter.Type.TIMER && axon(id)) {
                    return DistributionStatisticConfig.builder().percentiles().build().merge(config);
                }
                return config;
            }
        };
    }

    private static boolean axon(Meter.Id id) {
        return AXON_PREFIXES.stream().anyMatch(id.getName()::startsWith);
    }
}
