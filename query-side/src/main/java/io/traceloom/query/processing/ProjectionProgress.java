package io.traceloom.query.processing;

import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.axonframework.eventhandling.EventTrackerStatus;
import org.axonframework.eventhandling.EventTrackerStatusChangeListener;
import org.springframework.stereotype.Component;

/**
 * Tells whoever waits for the read models that a projection moved on. Every tracking processor of this
 * process reports here after each batch it committed (its status already shows the new position), so a
 * waiter re-checks then instead of polling.
 */
@Component
public class ProjectionProgress implements EventTrackerStatusChangeListener {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition moved = lock.newCondition();
    /** Written under the lock, for its waiters; read without it. */
    private volatile long changes;

    @Override
    public void onEventTrackerStatusChange(Map<Integer, EventTrackerStatus> updatedTrackerStatus) {
        moved();
    }

    /**
     * Counts a change that no processor status tells of: a rebuild has put its read model in the place of the
     * live one.
     */
    public void moved() {
        lock.lock();
        try {
            changes++;
            moved.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Report position changes too, not only changes of state (caught up, replaying, error). */
    @Override
    public boolean validatePositions() {
        return true;
    }

    /** A count of the changes so far; pass it to {@link #awaitChangeAfter}. */
    public long changes() {
        return changes;
    }

    /** Waits until a change after {@code seen} has been reported, at most {@code nanos}. */
    public void awaitChangeAfter(long seen, long nanos) throws InterruptedException {
        lock.lock();
        try {
            long remaining = nanos;
            while (changes == seen && remaining > 0) {
                remaining = moved.awaitNanos(remaining);
            }
        } finally {
            lock.unlock();
        }
    }

}
