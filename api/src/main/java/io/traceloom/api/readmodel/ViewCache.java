package io.traceloom.api.readmodel;

import io.traceloom.api.config.ApiProperties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
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
 * {@code traceloom.read-models.view-cache-size} views are kept, and none with 0. Queries are keys: records,
 * equal when they ask the same. An answer is shared by every read that finds it: views are records of
 * immutable values, never changed once made.
 */
@Component
public class ViewCache {

    private final ProjectionPositions positions;
    private final int capacity;
    private volatile Views current = new Views(null);

    public ViewCache(ProjectionPositions positions, ApiProperties properties) {
        this.positions = positions;
        this.capacity = properties.readModels().viewCacheSize();
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
        Views views = current;
        if (!moment.equals(views.moment())) {
            views = new Views(moment);
            current = views;
        }
        Object kept = views.byQuery().get(query);
        if (kept != null) {
            return (R) kept;
        }
        R loaded = load.get();
        if (loaded != null && keep.test(loaded) && views.byQuery().size() < capacity) {
            views.byQuery().putIfAbsent(query, loaded);
        }
        return loaded;
    }

    /** The views of one moment; they go when the next moment's first read replaces them. */
    private record Views(Object moment, ConcurrentHashMap<Object, Object> byQuery) {
        Views(Object moment) {
            this(moment, new ConcurrentHashMap<>());
        }
    }
}
