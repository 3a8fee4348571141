package io.traceloom.query.readmodel;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Each tenant's documents of one read model in the order they were created, kept by the projection in a
 * collection beside them ({@code <collection>_lists}), so that a page of a tenant's list and its total are
 * read by id, never by scanning or counting the collection: on the embedded MongoDB every query on another
 * field than {@code _id} reads the whole collection, and on a real one the same reads use the {@code _id}
 * index.
 *
 * <p>A tenant's list is cut in chunks of up to {@link #CHUNK} ids, appended to the last; its head holds the
 * total and each chunk's size, so the chunks a page needs are found without reading the others. A removal
 * takes the id out of its chunk (found from its entry) and leaves the chunk shorter. Appending an id already
 * listed, or removing one that is not, changes nothing: a projection's batch may be handled twice.
 *
 * <p>Written through {@link Documents} like any read model, so a batch's changes are sent with the batch, a
 * rebuild builds the lists beside the live ones, and a history's replay keeps them in memory.
 */
public final class TenantLists {

    static final int CHUNK = 256;
    private static final String SUFFIX = "_lists";

    private final Documents<ListPart> parts;

    TenantLists(Documents<ListPart> parts) {
        this.parts = parts;
    }

    static String collection(MongoTemplate mongo, Class<?> type) {
        return mongo.getCollectionName(type) + SUFFIX;
    }

    /** Puts {@code id} last in the tenant's list, unless it is listed already. */
    public void append(String tenantId, String id) {
        if (parts.find(ListPart.entryId(tenantId, id)) != null) {
            return;
        }
        ListPart head = parts.find(ListPart.headId(tenantId));
        List<Integer> sizes = head == null ? new ArrayList<>() : new ArrayList<>(head.sizes());
        int last = sizes.size() - 1;
        List<String> ids;
        if (last < 0 || sizes.get(last) >= CHUNK) {
            sizes.add(0);
            last++;
            ids = new ArrayList<>();
        } else {
            ids = new ArrayList<>(parts.find(ListPart.chunkId(tenantId, last)).ids());
        }
        ids.add(id);
        sizes.set(last, ids.size());
        parts.save(ListPart.chunk(tenantId, last, ids));
        parts.save(ListPart.entry(tenantId, id, last));
        parts.save(ListPart.head(tenantId, (head == null ? 0 : head.count()) + 1, sizes));
    }

    /** Takes {@code id} out of the tenant's list, if it is listed. */
    public void remove(String tenantId, String id) {
        ListPart entry = parts.find(ListPart.entryId(tenantId, id));
        if (entry == null) {
            return;
        }
        ListPart head = parts.find(ListPart.headId(tenantId));
        List<String> ids = new ArrayList<>(parts.find(ListPart.chunkId(tenantId, entry.chunk())).ids());
        ids.remove(id);
        List<Integer> sizes = new ArrayList<>(head.sizes());
        sizes.set(entry.chunk(), ids.size());
        parts.save(ListPart.chunk(tenantId, entry.chunk(), ids));
        parts.remove(entry.id());
        parts.save(ListPart.head(tenantId, head.count() - 1, sizes));
    }

    /** One page of a tenant's list, and the list's total. */
    public record Page(List<String> ids, long total) {
    }

    /**
     * The ids on page {@code page} (from 1) of {@code limit} of the tenant's list, read from its head and the
     * chunks that hold them.
     */
    public static Page page(MongoTemplate mongo, Class<?> type, String tenantId, int page, int limit) {
        String collection = collection(mongo, type);
        ListPart head = mongo.findById(ListPart.headId(tenantId), ListPart.class, collection);
        if (head == null) {
            return new Page(List.of(), 0);
        }
        long skip = (long) (page - 1) * limit;
        List<String> wanted = new ArrayList<>();
        Map<Integer, Long> firstOf = new HashMap<>(); // chunk -> how many of its ids to pass over
        long before = 0;
        List<Integer> sizes = head.sizes();
        for (int chunk = 0; chunk < sizes.size() && before < skip + limit; chunk++) {
            int size = sizes.get(chunk);
            if (size > 0 && before + size > skip) {
                wanted.add(ListPart.chunkId(tenantId, chunk));
                firstOf.put(chunk, Math.max(0, skip - before));
            }
            before += size;
        }
        if (wanted.isEmpty()) {
            return new Page(List.of(), head.count());
        }
        Map<Integer, List<String>> chunks = new HashMap<>();
        mongo.find(query(where("_id").in(wanted)), ListPart.class, collection)
                .forEach(chunk -> chunks.put(chunk.chunk(), chunk.ids()));
        List<String> ids = new ArrayList<>(limit);
        for (int chunk = 0; chunk < sizes.size() && ids.size() < limit; chunk++) {
            List<String> held = chunks.get(chunk);
            if (held == null) {
                continue;
            }
            for (int at = firstOf.get(chunk).intValue(); at < held.size() && ids.size() < limit; at++) {
                ids.add(held.get(at));
            }
        }
        return new Page(ids, head.count());
    }

    /** The documents of {@code type} with these ids, in the order of the ids; an id with none is passed over. */
    public static <D> List<D> inOrder(MongoTemplate mongo, Class<D> type, List<String> ids, Function<D, String> idOf) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, D> byId = new HashMap<>();
        mongo.find(query(where("_id").in(ids)), type).forEach(document -> byId.put(idOf.apply(document), document));
        List<D> ordered = new ArrayList<>(ids.size());
        ids.forEach(id -> {
            D document = byId.get(id);
            if (document != null) {
                ordered.add(document);
            }
        });
        return ordered;
    }
}
