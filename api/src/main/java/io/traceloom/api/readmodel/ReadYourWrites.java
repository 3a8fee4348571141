package io.traceloom.api.readmodel;

import io.traceloom.api.config.ApiProperties;
import io.traceloom.api.http.ServiceUnavailableException;
import io.traceloom.query.processing.ProjectionProgress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.springframework.stereotype.Component;

/**
 * Holds a write's answer until every projection shows it, so that a read after a 2xx write sees the new
 * state ("read-your-writes"), whatever read model the client reads next.
 *
 * <p>The events of a write lie between the head of the store before the command and the head after it.
 * A projection has processed them when its position is past the later head and it has no gap (an index
 * it skipped because that transaction had not committed yet) within that range. Gaps below the earlier
 * head cannot be this write's events, so a long-lived gap (a rolled-back append) never blocks writes.
 *
 * <p>Waiters re-check when a projection reports progress ({@link ProjectionProgress}), and every few
 * milliseconds regardless, so a missed report costs a little latency, never a hang.
 */
@Component
public class ReadYourWrites {

    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Projections projections;
    private final ProjectionProgress progress;
    private final Duration timeout;

    public ReadYourWrites(Projections projections, ProjectionProgress progress, ApiProperties properties) {
        this.projections = projections;
        this.progress = progress;
        this.timeout = properties.readModels().awaitTimeout();
    }

    /** Where the store stands now; pass it to {@link #awaitEventsSince} after the write. */
    public TrackingToken mark() {
        return projections.head();
    }

    /** Waits until every projection has processed every event appended since {@code before}. */
    public void awaitEventsSince(TrackingToken before) {
        TrackingToken after = projections.head();
        if (after == null || after.equals(before)) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long seen = progress.changes();
            if (allProcessed(before, after)) {
                return;
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                throw lagging();
            }
            try {
                progress.awaitChangeAfter(seen, Math.min(remaining, RECHECK_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw lagging();
            }
        }
    }

    private boolean allProcessed(TrackingToken before, TrackingToken after) {
        for (StreamingEventProcessor processor : projections.all().values()) {
            Map<Integer, EventTrackerStatus> segments = processor.processingStatus();
            if (segments.isEmpty()) {
                return false;
            }
            for (EventTrackerStatus segment : segments.values()) {
                if (!processed(segment.getTrackingToken(), before, after)) {
                    return false;
                }
            }
        }
        return true;
    }

    static boolean processed(TrackingToken token, TrackingToken before, TrackingToken after) {
        if (token == null) {
            return false;
        }
        TrackingToken current = WrappedToken.unwrapLowerBound(token);
        if (current instanceof GapAwareTrackingToken reached && after instanceof GapAwareTrackingToken head) {
            long from = Projections.position(before) + 1;
            return reached.getIndex() >= head.getIndex()
                    && reached.getGaps().subSet(from, head.getIndex() + 1).isEmpty();
        }
        return current != null && current.covers(after);
    }

    /** The write happened, but some read model did not show it in time. */
    private ServiceUnavailableException lagging() {
        return new ServiceUnavailableException("read-model-lag", "The change was recorded, but the read models "
                + "did not show it within " + timeout.toMillis() + " ms. Read it again shortly.");
    }
}
