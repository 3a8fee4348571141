package io.traceloom.api.readmodel;

import io.traceloom.api.readmodel.ProjectionPositions.Tracked;
import io.traceloom.query.processing.ProjectionFailures.Failure;
import io.traceloom.query.processing.ProjectionRebuilds.Progress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.OptionalLong;
import java.util.StringJoiner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The service is ready once every projection has processed the events that were in the store when it
 * started. Until then readiness is down and API requests get 503, so no client reads a half-built view.
 * Exposed as the {@code readModels} health indicator, part of the readiness group:
 * <ul>
 * <li>{@code OUT_OF_SERVICE} while the read models are built at start (a planned state that ends by itself);
 * <li>{@code DOWN} while a projection is failing (during the build at start too), with the event it is
 * stuck at ({@code failing}): its read model stops moving and writes that wait for it time out, so this
 * instance should not take traffic until the projection has got past the event, which it does by itself
 * once the cause is gone. Liveness is not affected: a restart would not help;
 * <li>{@code UP} otherwise, also while a projection is replayed ({@code replaying}): its live read model
 * keeps serving reads until the rebuilt one takes over; and while a projection has parked a sequence (a
 * tenant) whose event it could not handle ({@code parked}: projection, sequence, events waiting): every other
 * sequence goes on, so the instance serves everyone else, and the parked tenant's writes say they are not
 * visible yet.
 * </ul>
 *
 * <p>Position alone decides here, unlike {@link ReadYourWrites}: gaps below the head at start are
 * appends that rolled back before it, never events still to come. Positions come from where the projections
 * run ({@link ProjectionPositions}): outside role {@code all}, the token store, so a process is ready once the
 * projections processes have caught up; what a projection is stuck at is known where it runs.
 */
@Component("readModels")
public class ReadModelCatchUp implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(ReadModelCatchUp.class);
    private static final Duration REPORT_EVERY = Duration.ofSeconds(2);
    /** Segments being claimed and processors starting report nothing: look again this often anyway. */
    private static final Duration RECHECK = Duration.ofMillis(50);

    private final Projections projections;
    private final ProjectionPositions progress;
    private volatile boolean caughtUp;
    private volatile long target = -1;
    private volatile boolean watching;

    public ReadModelCatchUp(Projections projections, ProjectionPositions positions) {
        this.projections = projections;
        this.progress = positions;
    }

    public boolean isCaughtUp() {
        return caughtUp;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void watch() {
        target = Projections.position(projections.head());
        watching = true;
        Thread watcher = new Thread(this::awaitCatchUp, "read-model-catch-up");
        watcher.setDaemon(true);
        watcher.start();
    }

    private void awaitCatchUp() {
        long started = System.nanoTime();
        long nextReport = started + REPORT_EVERY.toNanos();
        log.info("Building read models up to event {}", target);
        try {
            while (true) {
                long seen = progress.changes();
                if (reachedTarget()) {
                    break;
                }
                progress.awaitChangeAfter(seen, RECHECK.toNanos());
                if (System.nanoTime() >= nextReport) {
                    log.info("Building read models: {}", progress());
                    nextReport += REPORT_EVERY.toNanos();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        caughtUp = true;
        log.info("Read models are up to date ({} events) after {} ms; ready for traffic", target + 1,
                Duration.ofNanos(System.nanoTime() - started).toMillis());
    }

    private boolean reachedTarget() {
        for (Tracked projection : progress.current().values()) {
            OptionalLong position = Projections.lowest(projection.segments());
            if (position.isEmpty() || position.getAsLong() < target) {
                return false;
            }
        }
        return true;
    }

    private String progress() {
        StringJoiner line = new StringJoiner(", ");
        progress.current().forEach((name, projection) -> line.add(
                name + " " + Projections.lowest(projection.segments()).orElse(-1) + "/" + target
                        + (projection.error() ? " (failing, retrying)" : "")));
        return line.toString();
    }

    @Override
    public Health health() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("targetPosition", target);
        details.put("caughtUp", caughtUp);
        if (!watching) {
            return Health.outOfService().withDetails(details).build();
        }
        Map<String, Failure> failing = new TreeMap<>();
        Map<String, Progress> replaying = new TreeMap<>();
        Map<String, Map<String, Long>> parked = new TreeMap<>();
        projections.all().keySet().forEach(name -> {
            projections.failure(name).ifPresent(failure -> failing.put(name, failure));
            projections.replay(name).ifPresent(replay -> replaying.put(name, replay));
            Map<String, Long> sequences = projections.parked(name);
            if (!sequences.isEmpty()) {
                parked.put(name, sequences);
            }
        });
        if (!failing.isEmpty()) {
            details.put("failing", failing);
        }
        if (!replaying.isEmpty()) {
            details.put("replaying", replaying);
        }
        if (!parked.isEmpty()) {
            details.put("parked", parked);
        }
        // a projection failing during the build at start is DOWN too: it may not recover by itself soon
        Health.Builder health = !failing.isEmpty() ? Health.down() : caughtUp ? Health.up() : Health.outOfService();
        return health.withDetails(details).build();
    }
}
