package io.traceloom.api.config;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.axonframework.messaging.Message;
import org.axonframework.monitoring.MessageMonitor;

/**
 * Axon's message timers ({@code <prefix>.allTimer}, {@code .successTimer}, {@code .failureTimer},
 * {@code .ignoredTimer}: the count, total and maximum time of the messages a component handled, one set per set of
 * tags), registered once for each set of tags. Axon's own monitor built and registered its four timers again at
 * every message (a builder, an id and the registry's filters each time): 9 % of what a create allocated, every
 * event of every projection among them.
 */
final class MessageTimers implements MessageMonitor<Message<?>> {

    /** Axon's: the window of each timer's maximum. */
    private static final Duration MAXIMUM_OVER = Duration.ofMinutes(10);

    private final String prefix;
    private final MeterRegistry registry;
    private final Clock clock;
    private final MetersByTags<Timers> timers;

    MessageTimers(String meterNamePrefix, MeterRegistry registry, Clock clock,
                  Function<Message<?>, Iterable<Tag>> tagsOf) {
        this.prefix = meterNamePrefix;
        this.registry = registry;
        this.clock = clock;
        this.timers = new MetersByTags<>(tagsOf, this::register);
    }

    @Override
    public MonitorCallback onMessageIngested(Message<?> message) {
        Timers of = timers.of(message);
        long start = clock.monotonicTime();
        return new MonitorCallback() {
            @Override
            public void reportSuccess() {
                of.record(of.success(), start, clock.monotonicTime());
            }

            @Override
            public void reportFailure(Throwable cause) {
                of.record(of.failure(), start, clock.monotonicTime());
            }

            @Override
            public void reportIgnored() {
                of.record(of.ignored(), start, clock.monotonicTime());
            }
        };
    }

    private Timers register(Tags tags) {
        return new Timers(timer("allTimer", tags), timer("successTimer", tags), timer("failureTimer", tags),
                timer("ignoredTimer", tags));
    }

    private Timer timer(String name, Tags tags) {
        return Timer.builder(prefix + "." + name).distributionStatisticExpiry(MAXIMUM_OVER).tags(tags)
                .register(registry);
    }

    private record Timers(Timer all, Timer success, Timer failure, Timer ignored) {

        void record(Timer outcome, long start, long end) {
            all.record(end - start, TimeUnit.NANOSECONDS);
            outcome.record(end - start, TimeUnit.NANOSECONDS);
        }
    }
}
