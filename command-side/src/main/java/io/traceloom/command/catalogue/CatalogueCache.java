package io.traceloom.command.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.axonframework.common.Registration;
import org.axonframework.common.caching.Cache;

/**
 * An Axon aggregate cache that keeps the {@code capacity} catalogues used most recently, whatever the
 * garbage collector does. A weak-reference cache loses every catalogue at each collection, and the next
 * write of the tenant then loads it again under its lock (for 100,000 tags: seconds). Bounded by count:
 * size it for the tenants that write at the same time.
 */
public final class CatalogueCache implements Cache {

    private final Map<Object, Object> entries;
    private final CopyOnWriteArrayList<EntryListener> listeners = new CopyOnWriteArrayList<>();

    public CatalogueCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a catalogue cache holds at least one catalogue");
        }
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                if (size() <= capacity) {
                    return false;
                }
                listeners.forEach(listener -> listener.onEntryExpired(eldest.getKey()));
                return true;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> V get(K key) {
        Object value;
        synchronized (entries) {
            value = entries.get(key);
        }
        if (value != null) {
            listeners.forEach(listener -> listener.onEntryRead(key, value));
        }
        return (V) value;
    }

    @Override
    public void put(Object key, Object value) {
        Object previous;
        synchronized (entries) {
            previous = entries.put(key, value);
        }
        listeners.forEach(listener -> {
            if (previous == null) {
                listener.onEntryCreated(key, value);
            } else {
                listener.onEntryUpdated(key, value);
            }
        });
    }

    @Override
    public boolean putIfAbsent(Object key, Object value) {
        boolean absent;
        synchronized (entries) {
            absent = entries.putIfAbsent(key, value) == null;
        }
        if (absent) {
            listeners.forEach(listener -> listener.onEntryCreated(key, value));
        }
        return absent;
    }

    @Override
    public boolean remove(Object key) {
        boolean removed;
        synchronized (entries) {
            removed = entries.remove(key) != null;
        }
        if (removed) {
            listeners.forEach(listener -> listener.onEntryRemoved(key));
        }
        return removed;
    }

    @Override
    public void removeAll() {
        synchronized (entries) {
            entries.keySet().forEach(key -> listeners.forEach(listener -> listener.onEntryRemoved(key)));
            entries.clear();
        }
    }

    @Override
    public boolean containsKey(Object key) {
        synchronized (entries) {
            return entries.containsKey(key);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V> void computeIfPresent(Object key, UnaryOperator<V> update) {
        synchronized (entries) {
            entries.computeIfPresent(key, (k, value) -> update.apply((V) value));
        }
    }

    @Override
    public Registration registerCacheEntryListener(EntryListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** How many catalogues it holds now. */
    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
