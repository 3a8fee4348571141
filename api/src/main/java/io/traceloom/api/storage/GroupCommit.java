package io.traceloom.api.storage;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Group commit: one flusher thread forces the store to disk for every writer waiting, so a force costs
 * once per group of concurrent writes instead of once per write.
 *
 * <p>Forces are numbered as they start. A writer that arrives while force {@code n} runs cannot know
 * whether {@code n} covers its commit, so it waits for force {@code n + 1}, which starts after its
 * commit; every writer arriving during force {@code n} shares {@code n + 1}. The flusher is idle when
 * nobody waits.
 *
 * <p>With an idle interval, the flusher also forces when nobody has asked for that long, so that whatever the
 * store wrote on its own (its background writer, its housekeeping) is on disk within that interval too: a
 * store that reuses the space of old chunks after a retention time relies on the newer ones being on disk
 * by then.
 *
 * <p>A failed force fails the writers it was to cover and every later one, until restart: after a
 * failed fsync the operating system may have dropped the unwritten pages, so a later successful force
 * would not prove that earlier commits are on disk (PostgreSQL stops for the same reason). Whoever must know
 * (liveness: only a restart cures it) is told once.
 */
public final class GroupCommit implements DurableCommits, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GroupCommit.class);

    /** Forces everything committed to the store before the call to disk. */
    @FunctionalInterface
    public interface Force {
        void force() throws Exception;
    }

    private final Force force;
    private final long idleForceNanos;
    private final Consumer<Throwable> onFailure;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wanted = lock.newCondition();
    private final Condition done = lock.newCondition();
    private final Thread flusher;
    private long started;
    private long finished;
    private long highestWanted;
    private Throwable failure;
    private long failedForce;
    private boolean closed;
    private int waiting;
    private long awaits;

    /** Forces only when a writer waits. */
    public GroupCommit(Force force, String name) {
        this(force, name, null, failure -> {
        });
    }

    /**
     * @param idleForce how long the flusher stays idle before it forces anyway; {@code null}: as long as nobody waits
     * @param onFailure told, once, when a force fails: from then on every write is refused until restart
     */
    public GroupCommit(Force force, String name, Duration idleForce, Consumer<Throwable> onFailure) {
        this.force = force;
        this.idleForceNanos = idleForce == null ? 0 : idleForce.toNanos();
        this.onFailure = onFailure;
        this.flusher = new Thread(this::flush, name);
        flusher.setDaemon(true);
        flusher.start();
    }

    @Override
    public void await() {
        lock.lock();
        try {
            if (closed) {
                throw new NotDurableException("the event store is closing; this write may not be durable", null);
            }
            awaits++;
            long mine = started + 1;
            if (highestWanted < mine) {
                highestWanted = mine;
                wanted.signal();
            }
            waiting++;
            try {
                while (finished < mine && failure == null) {
                    done.awaitUninterruptibly();
                }
            } finally {
                waiting--;
            }
            if (failure != null && mine >= failedForce) {
                throw new NotDurableException("the event store failed to force its writes to disk; nothing "
                        + "written since can be acknowledged until it is restarted", failure);
            }
        } finally {
            lock.unlock();
        }
    }

    private void flush() {
        while (true) {
            long number;
            lock.lock();
            try {
                boolean idleTooLong = false;
                long idleLeft = idleForceNanos;
                while (highestWanted <= finished && !closed && failure == null && !idleTooLong) {
                    if (idleForceNanos == 0) {
                        wanted.awaitUninterruptibly();
                    } else {
                        try {
                            idleLeft = wanted.awaitNanos(idleLeft);
                        } catch (InterruptedException e) {
                            continue; // nothing interrupts the flusher to stop it: close() does
                        }
                        idleTooLong = idleLeft <= 0;
                    }
                }
                if (failure != null || (closed && highestWanted <= finished)) {
                    return; // broken, or closed with nobody left waiting
                }
                number = ++started;
            } finally {
                lock.unlock();
            }
            Throwable error = null;
            try {
                force.force();
            } catch (Throwable e) {
                error = e;
                log.error("Forcing the event store to disk failed; writes are refused until restart", e);
            }
            lock.lock();
            try {
                finished = number;
                if (error != null) {
                    failure = error;
                    failedForce = number;
                }
                done.signalAll();
            } finally {
                lock.unlock();
            }
            if (error != null) {
                onFailure.accept(error);
            }
        }
    }

    @Override
    public Optional<Throwable> failure() {
        lock.lock();
        try {
            return Optional.ofNullable(failure);
        } finally {
            lock.unlock();
        }
    }

    /** How many forces have completed; with {@link #awaits()}, how many writers share a force. */
    public long forces() {
        lock.lock();
        try {
            return finished;
        } finally {
            lock.unlock();
        }
    }

    /** How many times a writer (or a projection's read) has waited for a force. */
    public long awaits() {
        lock.lock();
        try {
            return awaits;
        } finally {
            lock.unlock();
        }
    }

    /** How many writers wait for a force now. */
    int waiting() {
        lock.lock();
        try {
            return waiting;
        } finally {
            lock.unlock();
        }
    }

    /** Serves the writers still waiting, then stops the flusher. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            wanted.signal();
        } finally {
            lock.unlock();
        }
        try {
            flusher.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
