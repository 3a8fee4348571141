package io.traceloom.api.readmodel;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Each projection's state as meters, tagged {@code projection} with its processing group
 * ({@code /actuator/prometheus}):
 * <ul>
 * <li>{@code traceloom_projection_lag_events}: positions behind the head of the event store (NaN while its
 * processor holds no segment);
 * <li>{@code traceloom_projection_failing}: 1 while it cannot get past an event, else 0;
 * <li>{@code traceloom_projection_failures_total}: failed attempts at a batch since the start;
 * <li>{@code traceloom_projection_replaying}: 1 while a replay rebuilds its read model, else 0;
 * <li>{@code traceloom_projection_parked_sequences}: sequences (tenants) whose events wait in its dead-letter
 * queue, after one it could not handle (0 normally: alert on more);
 * <li>{@code traceloom_projection_parked_events}: how many events wait there.
 * </ul>
 * Registered once the projections exist (the application is ready).
 */
@Component
public class ProjectionMetrics {

    private final Projections projections;
    private final MeterRegistry registry;

    public ProjectionMetrics(Projections projections, MeterRegistry registry) {
        this.projections = projections;
        this.registry = registry;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void register() {
        for (String name : projections.all().keySet()) {
            Tags tags = Tags.of("projection", name);
            Gauge.builder("traceloom.projection.lag", projections,
                            p -> p.lag(name).stream().mapToDouble(lag -> lag).findFirst().orElse(Double.NaN))
                    .tags(tags).baseUnit("events")
                    .description("Positions the projection is behind the head of the event store")
                    .register(registry);
            Gauge.builder("traceloom.projection.failing", projections, p -> p.failure(name).isPresent() ? 1 : 0)
                    .tags(tags).description("1 while the projection cannot get past an event (it retries)")
                    .register(registry);
            FunctionCounter.builder("traceloom.projection.failures", projections, p -> p.failedAttempts(name))
                    .tags(tags).description("Failed attempts at handling a batch of events")
                    .register(registry);
            Gauge.builder("traceloom.projection.replaying", projections, p -> p.replay(name).isPresent() ? 1 : 0)
                    .tags(tags).description("1 while a replay rebuilds the projection's read model")
                    .register(registry);
            Gauge.builder("traceloom.projection.parked.sequences", projections, p -> p.parked(name).size())
                    .tags(tags).description("Sequences (tenants) whose events wait in the projection's dead-letter "
                            + "queue after one it could not handle")
                    .register(registry);
            Gauge.builder("traceloom.projection.parked.events", projections,
                            p -> p.parked(name).values().stream().mapToLong(Long::longValue).sum())
                    .tags(tags).baseUnit("events").description("Events waiting in the projection's dead-letter queue")
                    .register(registry);
        }
    }
}
