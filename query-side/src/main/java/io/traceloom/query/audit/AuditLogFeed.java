package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditEntry;
import io.traceloom.kernel.audit.merkle.Tiles;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.history.AuditFeed;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;

/**
 * A tenant's feed: the entries of its audit log in the order of their index, each as its canonical JSON (the leaf
 * input of the log's tree), up to the log's size when the read began. Entries are read 256 at a time (a tile of
 * leaves, with their events' positions) and their events from the store, each entry handed on as its event is read,
 * so an export of a whole log streams holding one event at a time (a render's is 2 MB: a tile of them held at once
 * would be 512 MB).
 */
@Component
public class AuditLogFeed {

    private final AuditLogTiles tiles;
    private final AuditFeed store;

    public AuditLogFeed(AuditLogTiles tiles, AuditFeed store) {
        this.tiles = tiles;
        this.store = store;
    }

    /**
     * Which entries: the tenant's, of events that occurred {@code from} (inclusive) to {@code to} (exclusive), of
     * one {@code type} (the event's name), caused by one {@code userId}; {@code null} means any. An entry keeps its
     * own index whatever the selection.
     */
    public record Filter(String tenantId, Instant from, Instant to, String type, String userId) {

        /** Whether it admits every entry of the tenant. */
        public boolean all() {
            return from == null && to == null && type == null && userId == null;
        }

        boolean admits(RecordedEvent event) {
            return (from == null || !event.occurredAt().isBefore(from))
                    && (to == null || event.occurredAt().isBefore(to))
                    && (type == null || type.equals(event.type()))
                    && (userId == null || userId.equals(event.userId()));
        }
    }

    /**
     * Hands the entries the filter admits, from index {@code first} on, in index order, to {@code reader} until it
     * answers {@code false}. An entry whose event is gone from the store is left out (the entries around it keep
     * their indexes, which shows the gap).
     */
    public void read(Filter filter, long first, Predicate<String> reader) {
        String tenantId = filter.tenantId();
        long size = tiles.size(tenantId);
        for (long tile = Math.max(0, first) / Tiles.WIDTH; tile * Tiles.WIDTH < size; tile++) {
            AuditTileDocument leaves = tiles.tile(tenantId, 0, tile);
            if (leaves == null) {
                return;
            }
            long base = tile * Tiles.WIDTH;
            int until = (int) Math.min(leaves.count(), size - base);
            // the store hands events over in the order of their positions, which is the log's but where a late
            // commit was appended: read from one to the next, so that each entry is handed on as it is read
            for (int from = (int) Math.max(0, first - base), next; from < until; from = next) {
                next = from + 1;
                while (next < until && leaves.position(next) > leaves.position(next - 1)) {
                    next++;
                }
                if (!read(filter, leaves, base, from, next, reader)) {
                    return;
                }
            }
        }
    }

    /**
     * Hands on the entries at offsets {@code from} to {@code until} of a tile of leaves, whose positions rise, as their
     * events are read; answers whether {@code reader} wants more.
     */
    private boolean read(Filter filter, AuditTileDocument leaves, long base, int from, int until,
                         Predicate<String> reader) {
        Map<Long, Long> indexOf = new HashMap<>();
        for (int offset = from; offset < until; offset++) {
            indexOf.put(leaves.position(offset), base + offset);
        }
        boolean[] more = {true};
        store.readAt(new TreeSet<>(indexOf.keySet()), (position, event) -> {
            if (filter.tenantId().equals(event.tenantId()) && filter.admits(event)) {
                more[0] = reader.test(new AuditEntry(indexOf.get(position), event).json());
            }
            return more[0];
        });
        return more[0];
    }
}
