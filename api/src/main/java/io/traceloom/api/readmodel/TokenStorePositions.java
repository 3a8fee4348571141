package io.traceloom.api.readmodel;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Aggregates;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.axonframework.eventhandling.TrackingToken;
import io.traceloom.api.readmodel.TokenStoreSegments.StoredSegment;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Positions as the token store in MongoDB holds them, for a process that does not run every projection itself
 * (roles {@code api} and {@code projections}):
 * whichever process works on a segment stores its token there after each batch it has written to the read
 * models, so a token there is a position the read models show.
 *
 * <p>One thread watches the store and keeps the latest tokens in memory, so waiting writes cost no query of
 * their own. Where MongoDB offers change streams (a replica set), it is woken by every stored token; elsewhere
 * (a standalone server, mongo-java-server) it polls: soon after a write has said it expects a change
 * ({@link #expectChange}), then less and less often while nothing moves, up to {@link #BUSY_POLL}, and at
 * {@link #IDLE_POLL} once no write has waited for a while.
 */
public final class TokenStorePositions implements ProjectionPositions, AutoCloseable {

    static final Duration FIRST_POLL = Duration.ofMillis(1);
    static final Duration BUSY_POLL = Duration.ofMillis(50);
    static final Duration IDLE_POLL = Duration.ofMillis(500);
    /** How long after the last expected change polling stays brisk. */
    private static final Duration BUSY_FOR = Duration.ofSeconds(30);
    /** How long a change stream waits for a change before it asks again (and sees whether to stop). */
    private static final Duration STREAM_WAIT = Duration.ofMillis(500);
    private static final Logger log = LoggerFactory.getLogger(TokenStorePositions.class);

    private final TokenStoreSegments store;
    private final MongoCollection<Document> tokens;
    private final Supplier<Set<String>> names;
    private final Supplier<Map<String, Map<String, Long>>> parked;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition moved = lock.newCondition();
    private final Condition wake = lock.newCondition();
    private final Thread watcher;
    private final AtomicBoolean started = new AtomicBoolean();
    /** The tokens and what was parked, read in that order and published together. */
    private volatile Read stored = new Read(Map.of(), Map.of());
    private long parkedReadNanos = System.nanoTime();
    private volatile boolean changeStreams;
    private boolean toldNoChangeStreams;
    private volatile boolean stopped;
    private long changes;
    private long expected;
    private long lastExpectedNanos = System.nanoTime() - BUSY_FOR.toNanos();

    private record Read(Map<String, List<StoredSegment>> segments, Map<String, Map<String, Long>> parked) {
    }

    /**
     * @param store  the token store
     * @param names  the names of the projections (their processing groups)
     * @param parked what the projections have parked in their dead-letter queues, as MongoDB holds it now
     */
    public TokenStorePositions(TokenStoreSegments store, Supplier<Set<String>> names,
                               Supplier<Map<String, Map<String, Long>>> parked) {
        this.store = store;
        this.tokens = store.collection();
        this.names = names;
        this.parked = parked;
        this.watcher = new Thread(this::watch, "token-store-positions");
        watcher.setDaemon(true);
    }

    /** Starts watching the token store (once). */
    public void start() {
        if (started.compareAndSet(false, true)) {
            watcher.start();
        }
    }

    @Override
    public void close() {
        stopped = true;
        watcher.interrupt();
        try {
            watcher.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether a change stream tells of stored tokens (else the store is polled). */
    public boolean watchesChangeStream() {
        return changeStreams;
    }

    /** The segments of each projection as last read from the store. */
    public Map<String, List<StoredSegment>> stored() {
        return stored.segments();
    }

    @Override
    public Map<String, Tracked> current() {
        Read now = stored;
        Map<String, Tracked> current = new LinkedHashMap<>();
        for (String name : names.get().stream().sorted().toList()) {
            List<StoredSegment> segments = now.segments().getOrDefault(name, List.of());
            List<TrackingToken> positions = new ArrayList<>(segments.size());
            segments.forEach(segment -> positions.add(segment.token()));
            current.put(name, new Tracked(segments.stream().anyMatch(store::claimed), false,
                    segments.isEmpty() ? List.of() : positions, now.parked().getOrDefault(name, Map.of())));
        }
        return current;
    }

    @Override
    public long changes() {
        lock.lock();
        try {
            return changes;
        } finally {
            lock.unlock();
        }
    }

    @Override
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

    @Override
    public void expectChange() {
        if (changeStreams) {
            return;
        }
        lock.lock();
        try {
            expected++;
            lastExpectedNanos = System.nanoTime();
            wake.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void watch() {
        Duration retry = Duration.ofMillis(100);
        while (!stopped) {
            try {
                MongoChangeStreamCursor<ChangeStreamDocument<Document>> stream = openChangeStream();
                if (stream == null) {
                    poll();
                } else {
                    follow(stream);
                }
                retry = Duration.ofMillis(100);
            } catch (MongoException e) {
                if (stopped) {
                    return;
                }
                log.warn("Cannot read the projections' positions from the token store: {}; trying again in {} ms",
                        e.toString(), retry.toMillis());
                if (!sleep(retry)) {
                    return;
                }
                retry = retry.multipliedBy(2).compareTo(Duration.ofSeconds(5)) > 0 ? Duration.ofSeconds(5)
                        : retry.multipliedBy(2);
            }
        }
    }

    /**
     * A change stream of stored tokens (not of renewed claims, which change only a timestamp), or null where
     * MongoDB offers none: a standalone server refuses it, mongo-java-server does not know the stage.
     */
    private MongoChangeStreamCursor<ChangeStreamDocument<Document>> openChangeStream() {
        try {
            MongoChangeStreamCursor<ChangeStreamDocument<Document>> cursor = tokens.watch(List.of(Aggregates.match(
                            Filters.or(Filters.in("operationType", "insert", "replace", "delete"),
                                    Filters.exists("updateDescription.updatedFields.token")))))
                    .maxAwaitTime(STREAM_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                    .cursor();
            if (!changeStreams) {
                log.info("Following the projections' positions through a change stream of the token store");
            }
            changeStreams = true;
            return cursor;
        } catch (MongoCommandException refused) {
            if (!toldNoChangeStreams) {
                toldNoChangeStreams = true;
                log.info("This MongoDB offers no change streams ({}); polling the token store for the projections' "
                        + "positions instead", refused.getErrorMessage());
            }
            return null;
        }
    }

    private void follow(MongoChangeStreamCursor<ChangeStreamDocument<Document>> stream) {
        try (stream) {
            refresh(); // opened first, read second: no change between the two is missed
            while (!stopped) {
                if (stream.tryNext() != null) {
                    while (stream.available() > 0) {
                        stream.tryNext();
                    }
                    refresh();
                }
            }
        }
    }

    private void poll() {
        Duration pause = FIRST_POLL;
        while (!stopped) {
            long seen;
            lock.lock();
            try {
                seen = expected;
            } finally {
                lock.unlock();
            }
            if (refresh()) {
                pause = FIRST_POLL;
            }
            lock.lock();
            try {
                boolean busy = System.nanoTime() - lastExpectedNanos < BUSY_FOR.toNanos();
                Duration longest = busy ? BUSY_POLL : IDLE_POLL;
                long remaining = pause.toNanos();
                while (expected == seen && remaining > 0 && !stopped) {
                    remaining = wake.awaitNanos(remaining);
                }
                pause = expected != seen ? FIRST_POLL
                        : pause.multipliedBy(2).compareTo(longest) > 0 ? longest : pause.multipliedBy(2);
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Reads the tokens of the projections, then, when they moved (or a while has passed), what the projections have
     * parked: a processor parks an event before it stores the token past it, so what is read second holds every
     * event parked below the tokens read first. Tells waiters when either changed.
     */
    boolean refresh() {
        Read before = stored;
        Map<String, List<StoredSegment>> read = store.of(names.get());
        boolean moved = !positionsOf(read).equals(positionsOf(before.segments()));
        Map<String, Map<String, Long>> parkedNow = before.parked();
        if (moved || System.nanoTime() - parkedReadNanos > IDLE_POLL.toNanos()) {
            parkedNow = parked.get();
            parkedReadNanos = System.nanoTime();
            moved |= !parkedNow.equals(before.parked());
        }
        stored = new Read(read, parkedNow);
        if (moved) {
            lock.lock();
            try {
                changes++;
                this.moved.signalAll();
            } finally {
                lock.unlock();
            }
        }
        return moved;
    }

    private static Map<String, List<TrackingToken>> positionsOf(Map<String, List<StoredSegment>> segments) {
        Map<String, List<TrackingToken>> positions = new LinkedHashMap<>();
        segments.forEach((name, list) -> positions.put(name, list.stream().map(StoredSegment::token).toList()));
        return positions;
    }

    private boolean sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "token store positions (" + (changeStreams ? "change stream" : "polled") + ")";
    }
}
