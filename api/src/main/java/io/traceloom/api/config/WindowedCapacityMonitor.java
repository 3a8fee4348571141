package io.traceloom.api.config;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Function;
import org.axonframework.messaging.Message;
import org.axonframework.monitoring.MessageMonitor;

/**
 * Axon's capacity meter, {@code <prefix>.capacity}: the share of the last window a component spent handling
 * messages (1 is one thread busy all the time), one gauge per set of tags. Axon's own monitor keeps the duration of
 * every message of its window in a sorted map, and looks up its reservoir and registers its gauge again at each
 * message: memory that grows with the message rate (80 bytes a message and a component) and work on every event
 * of every projection. This one adds each duration to the second it ended in, and keeps the seconds of one window:
 * constant memory, the window's edge to the second.
 */
final class WindowedCapacityMonitor implements MessageMonitor<Message<?>> {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    private final String name;
    private final MeterRegistry registry;
    private final Clock clock;
    private final int seconds;
    private final MetersByTags<BusyTime> busyTimes;

    WindowedCapacityMonitor(String meterNamePrefix, MeterRegistry registry, Duration window, Clock clock,
                            Function<Message<?>, Iterable<Tag>> tagsOf) {
        if (window.toSeconds() < 1) {
            throw new IllegalArgumentException("a capacity window of at least a second, not " + window);
        }
        this.name = meterNamePrefix + ".capacity";
        this.registry = registry;
        this.clock = clock;
        this.seconds = (int) window.toSeconds();
        this.busyTimes = new MetersByTags<>(tagsOf, this::register);
    }

    @Override
    public MonitorCallback onMessageIngested(Message<?> message) {
        BusyTime busyTime = busyTimes.of(message);
        long start = clock.monotonicTime();
        return new MonitorCallback() {
            @Override
            public void reportSuccess() {
                busyTime.add(start, clock.monotonicTime());
            }

            @Override
            public void reportFailure(Throwable cause) {
                busyTime.add(start, clock.monotonicTime());
            }

            @Override
            public void reportIgnored() {
                busyTime.add(start, clock.monotonicTime());
            }
        };
    }

    private BusyTime register(Tags tags) {
        BusyTime busyTime = new BusyTime(seconds);
        Gauge.builder(name, busyTime, time -> time.share(clock.monotonicTime())).tags(tags)
                .register(registry);
        return busyTime;
    }

    /** Nanoseconds busy in each of the last {@code seconds} seconds, by the second each handling ended in. */
    static final class BusyTime {

        private final long[] second;
        private final long[] busy;

        BusyTime(int seconds) {
            this.second = new long[seconds];
            this.busy = new long[seconds];
            Arrays.fill(second, Long.MIN_VALUE);
        }

        synchronized void add(long start, long end) {
            long now = Math.floorDiv(end, SECOND);
            int slot = (int) Math.floorMod(now, (long) second.length);
            if (second[slot] != now) {
                second[slot] = now;
                busy[slot] = 0;
            }
            busy[slot] += end - start;
        }

        /** The busy share of the window ending now. */
        synchronized double share(long now) {
            long current = Math.floorDiv(now, SECOND);
            long total = 0;
            for (int slot = 0; slot < second.length; slot++) {
                if (second[slot] > current - second.length && second[slot] <= current) {
                    total += busy[slot];
                }
            }
            return (double) total / (second.length * SECOND);
        }
    }
}
