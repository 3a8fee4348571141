package io.traceloom.command.eventstore;

import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.AggregateCacheEntry;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * An aggregate cache that hands out an aggregate only while it is proven current: while the event store's events of
 * the aggregate end at the one the cached aggregate was folded to (a seek in the store's index). Axon's
 * caching repository answers from its cache without reading the store, so an aggregate another process has changed
 * since would be decided on as it was: a command that only reads it (a trade item reading its tenant's catalogue,
 * a render its template) would never learn, since it records nothing on it that the store could refuse. Here the
 * store ahead of the cache is a miss: the entry leaves the cache and the repository loads the aggregate from the
 * store (its snapshot and the events after it), as it would after a restart.
 *
 * <p>The repository asks under the aggregate's lock, within the command's unit of work: a command of this process
 * on the aggregate cannot change it meanwhile, and one of another process that commits after the check is refused
 * by the event store if this command records on the aggregate too (its sequence number is taken); if this command
 * only reads it, it decided on the state the store held when it asked, as it would have loading it from the store.
 * One mechanism for every cached aggregate, as {@link CurrentStates} is for what is read without the lock.
 *
 * <p>A command that fails keeps the aggregate in memory when it did not change it: Axon's repository drops every
 * aggregate a rolled-back unit of work loaded, so that one rejected request (a code already taken, a tag that does
 * not exist) made the next write of the tenant load its catalogue again, under its lock, while its other writes waited.
 * The aggregate handed out is kept if the unit of work put nothing back and the aggregate's sequence number is the one
 * it was handed out at (an aggregate changes only by its events); otherwise it is dropped, as Axon does.
 */
public final class CurrentAggregates implements Cache {

    /** Axon keeps the sequence number a cached aggregate was folded to in the entry, and shows it to no one. */
    private static final Field VERSION = entryField("version");
    /** Nor the aggregate the entry was made from, which a repository of this process takes back as it is. */
    private static final Field AGGREGATE = entryField("aggregate");
    private static final AtomicLong INSTANCES = new AtomicLong();

    private final Cache cache;
    private final EventStore events;
    private final AtomicLong stale = new AtomicLong();
    /** The unit of work's resource holding what this cache handed out in it: key to sequence number. */
    private final String handedOut = CurrentAggregates.class.getName() + "#" + INSTANCES.incrementAndGet();

    /**
     * @param cache  where the aggregates are kept (bounded or weak, as their kind needs)
     * @param events the event store every process writes to
     */
    public CurrentAggregates(Cache cache, EventStore events) {
        this.cache = cache;
        this.events = events;
    }

    @Override
    public <K, V> V get(K key) {
        V value = cache.get(key);
        if (value == null) {
            return null;
        }
        Long version = versionOf(value);
        if (version != null && StoreTail.endsAt(events, String.valueOf(key), version)) {
            if (CurrentUnitOfWork.isStarted()) {
                handedOut(CurrentUnitOfWork.get()).put(key, version);
            }
            return value;
        }
        // the store moved past it (another process changed the aggregate), or it is not what a repository keeps
        cache.remove(key);
        stale.incrementAndGet();
        return null;
    }

    /**
     * The aggregate held under {@code key} as the repository put it, without asking the store: for the holder of the
     * aggregate's lock, in the unit of work that put it (what that unit of work commits). Empty if none is held.
     */
    public Optional<EventSourcedAggregate<?>> held(Object key) {
        if (!(cache.get(key) instanceof AggregateCacheEntry<?> entry)) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable((EventSourcedAggregate<?>) AGGREGATE.get(entry));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the aggregate of a cache entry cannot be read", e);
        }
    }

    /** How many cached aggregates were found behind the event store, and so loaded from it again. */
    public long stale() {
        return stale.get();
    }

    private static Long versionOf(Object value) {
        if (!(value instanceof AggregateCacheEntry<?> entry)) {
            return null;
        }
        try {
            return (Long) VERSION.get(entry);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the version of a cached aggregate cannot be read", e);
        }
    }

    private static Field entryField(String name) {
        try {
            Field field = AggregateCacheEntry.class.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new ExceptionInInitializerError("Axon's AggregateCacheEntry no longer keeps its '" + name + "': "
                    + "CurrentAggregates must learn anew how to read a cached aggregate");
        }
    }

    @Override
    public void put(Object key, Object value) {
        cache.put(key, value);
        if (CurrentUnitOfWork.isStarted()) {
            handedOut(CurrentUnitOfWork.get()).remove(key); // what the unit of work commits, whether it does or not
        }
    }

    @Override
    public boolean putIfAbsent(Object key, Object value) {
        return cache.putIfAbsent(key, value);
    }

    @Override
    public boolean remove(Object key) {
        return !unchangedByTheRollingBackUnitOfWork(key) && cache.remove(key);
    }

    private boolean unchangedByTheRollingBackUnitOfWork(Object key) {
        if (!CurrentUnitOfWork.isStarted() || CurrentUnitOfWork.get().phase() != UnitOfWork.Phase.ROLLBACK) {
            return false;
        }
        Long version = handedOut(CurrentUnitOfWork.get()).get(key);
        return version != null && held(key).filter(aggregate -> version.equals(aggregate.version())).isPresent();
    }

    private Map<Object, Long> handedOut(UnitOfWork<?> unitOfWork) {
        return unitOfWork.root().getOrComputeResource(handedOut, name -> new HashMap<>());
    }

    @Override
    public void removeAll() {
        cache.removeAll();
    }

    @Override
    public boolean containsKey(Object key) {
        return cache.containsKey(key);
    }

    @Override
    public <V> void computeIfPresent(Object key, UnaryOperator<V> update) {
        cache.computeIfPresent(key, update);
    }

    @Override
    public Registration registerCacheEntryListener(EntryListener cacheEntryListener) {
        return cache.registerCacheEntryListener(cacheEntryListener);
    }
}
