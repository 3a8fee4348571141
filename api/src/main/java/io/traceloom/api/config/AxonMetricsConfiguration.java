package io.traceloom.api.config;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import java.util.List;
import java.util.function.Function;
import org.axonframework.config.Configurer;
import org.axonframework.eventhandling.EventBus;
import org.axonframework.eventhandling.EventProcessor;
import org.axonframework.messaging.Message;
import org.axonframework.micrometer.GlobalMetricRegistry;
import org.axonframework.micrometer.MetricsConfigurerModule;
import org.axonframework.micrometer.TagsUtil;
import org.axonframework.monitoring.MessageMonitor;
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
    /** The names Axon gives the meters of its buses and processors ({@code <prefix>.allTimer}...). */
    private static final List<String> AXON_PREFIXES = List.of(EVENT_PROCESSOR + ".", "eventStore.", "eventBus.",
            "commandBus.", "queryBus.", "queryUpdateEmitter.");

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

    @SuppressWarnings("unchecked")
    static MessageMonitor<Message<?>> monitor(GlobalMetricRegistry metrics, Class<?> componentType, String name) {
        if (EventProcessor.class.isAssignableFrom(componentType)) {
            Function<Message<?>, Iterable<Tag>> processor = message -> Tags.of(TagsUtil.PROCESSOR_NAME_TAG, name);
            return (MessageMonitor<Message<?>>) metrics.registerEventProcessor(EVENT_PROCESSOR, processor, processor);
        }
        if (EventBus.class.isAssignableFrom(componentType)) {
            return (MessageMonitor<Message<?>>) metrics.registerEventBus(name, message -> Tags.empty());
        }
        return (MessageMonitor<Message<?>>) metrics.registerComponentWithDefaultTags(componentType, name);
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
