package io.traceloom.api.readmodel;

import io.traceloom.api.settings.ApiProperties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Views of single resources as they stand now, kept to answer the same find query again while no projection
 * has moved: the query bus, the MongoDB round trip and the mapping are then skipped (BENCHMARKS.md).
 *
 * <p>Each view belongs to the moment of the projections ({@link ProjectionPositions#moment()}) read before it
 * was: what a projection writes, it writes before its new position can be seen, so a view read at a moment
 * shows at least what that moment holds. A read whose moment differs finds nothing, and starts the views of
 * its own moment. A write answers once the projections' positions show it; a read after that is of a later
 * moment, and never answered with a view read before the write (read-your-writes).
 *
 * <p>Kept only where the moment is known at once: where this process runs every projection (role
 * {@code all}). Where the positions come from the token store, another process may have answered a write
 * before this one sees the token move, so every read goes to MongoDB. At most
 * {@code traceloom.read-models.view-cache-size} views are kept, and none with 0, weighing together at most a
 * 32nd of the heap ({@link ViewWeights} estimates them): views range from a few hundred bytes to 2 MB (a render),
 * and 10,000 of the largest, read by one client without a write between, were 20 GB. Queries are keys: records,
 * equal when they ask the same. An answer is shared by every read that finds it: views are records of
 * immutable values, never changed once made.
 */
@Component
public class ViewCache {

    private final ProjectionPositions positions;
    private final int capacity;
    private final long maxWeight;
    private final AtomicReference<Views> current = new AtomicReference<>(new Views(null));

    @Autowired
    public ViewCache(ProjectionPositions positions, ApiProperties properties) {
        this(positions, properties, Runtime.getRuntime().maxMemory() / 32);
    }

    /** @param maxWeight what the views kept may weigh together, as {@link ViewWeights} estimates it */
    ViewCache(ProjectionPositions positions, ApiProperties properties, long maxWeight) {
        this.positions = positions;
        this.capacity = properties.readModels().viewCacheSize();
        this.maxWeight = maxWeight;
    }

    /**
     * The answer to {@code query}: kept from an earlier read of this moment, or {@code load}ed, and kept if
     * {@code keep} says it is worth keeping (a view, not "there is none").
     */
    @SuppressWarnings("unchecked")
    public <R> R answer(Object query, Supplier<R> load, Predicate<? super R> keep) {
        Object moment = capacity > 0 ? positions.moment() : null;
        if (moment == null) {
            return load.get();
        }
        Views views = current.get();
        if (!moment.equals(views.moment())) {
            if (views.moment() != null && positions.precedes(moment, views.moment())) {
                // a read that took its moment before another read started the views of a later one (a slow
                // thread): it asks MongoDB, and leaves the later views in place
                return load.get();
            }
            // only in place of the views this read found, which another read may have replaced meanwhile
            Views fresh = new Views(moment);
            if (!current.compareAndSet(views, fresh)) {
                Views now = current.get();
                fresh = moment.equals(now.moment()) ? now : fresh;
            }
            views = fresh;
        }
        Object kept = views.byQuery().get(query);
        if (kept != null) {
            return (R) kept;
        }
        R loaded = load.get();
        if (loaded != null && keep.test(loaded) && views.byQuery().size() < capacity) {
            long weight = ViewWeights.of(loaded);
            if (views.weight().addAndGet(weight) <= maxWeight) {
                if (views.byQuery().putIfAbsent(query, loaded) != null) {
                    views.weight().addAndGet(-weight);
                }
            } else {
                views.weight().addAndGet(-weight);
            }
        }
        return loaded;
    }

    /** The views of one moment and what they weigh; they go when the next moment's first read replaces them. */
    private record Views(Object moment, ConcurrentHashMap<Object, Object> byQuery, AtomicLong weight) {
        Views(Object moment) {
            this(moment, new ConcurrentHashMap<>(), new AtomicLong());
        }
    }
}
