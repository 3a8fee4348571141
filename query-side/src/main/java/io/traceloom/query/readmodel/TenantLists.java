package io.traceloom.query.readmodel;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
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
 * takes the id out of its chunk (the document keeps the chunk {@link #append} named) and leaves the chunk
 * shorter. A batch handled twice changes nothing the second time: an append finds its id among the last ones,
 * a removal finds it gone.
 *
 * <p>Written through {@link Documents} like any read model, so a batch's changes are sent with the batch, a
 * rebuild builds the lists beside the live ones, and a history's replay keeps them in memory.
 */
public final class TenantLists {

    static final int CHUNK = 256;
    private static final String SUFFIX = "_lists";
    private static final String BATCH_LENGTH = TenantLists.class.getName() + ".batchLength";

    private final Documents<ListPart> parts;

    TenantLists(Documents<ListPart> parts) {
        this.parts = parts;
    }

    static String collection(MongoTemplate mongo, Class<?> type) {
        return mongo.getCollectionName(type) + SUFFIX;
    }

    /**
     * Puts {@code id} last in the tenant's list, unless it is among the last ids appended: a batch handled
     * again after a failure appends what it appended before, and its ids are among as many of the last as
     * the batch has events (a processor that fails starts again from the same event, with a batch as long
     * or longer). Reads the head and the last chunk, and the one before it when the last is shorter than the
     * batch, once per batch: never one document per event.
     *
     * @return the chunk that holds the id: the document keeps it, to be taken out of its list ({@link #remove})
     */
    public int append(String tenantId, String id) {
        ListPart head = parts.find(ListPart.headId(tenantId));
        List<Integer> sizes = head == null ? new ArrayList<>() : new ArrayList<>(head.sizes());
        int listed = chunkAmongTheLast(tenantId, sizes, id, eventsInThisBatch());
        if (listed >= 0) {
            return listed;
        }
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
        parts.save(ListPart.head(tenantId, (head == null ? 0 : head.count()) + 1, sizes));
        return last;
    }

    /** The chunk among the last ones (holding at least {@code window} ids) that lists {@code id}, or -1. */
    private int chunkAmongTheLast(String tenantId, List<Integer> sizes, String id, int window) {
        int seen = 0;
        for (int chunk = sizes.size() - 1; chunk >= 0 && seen < window; chunk--) {
            if (sizes.get(chunk) == 0) {
                continue;
            }
            List<String> ids = parts.find(ListPart.chunkId(tenantId, chunk)).ids();
            if (ids.contains(id)) {
                return chunk;
            }
            seen += ids.size();
        }
        return -1;
    }

    private static int eventsInThisBatch() {
        if (!CurrentUnitOfWork.isStarted()) {
            return 1;
        }
        UnitOfWork<?> root = CurrentUnitOfWork.get().root();
        return root.getOrComputeResource(BATCH_LENGTH,
                key -> root instanceof BatchingUnitOfWork<?> batch ? batch.getMessages().size() : 1);
    }

    /** Takes {@code id} out of the tenant's list, if {@code chunk} (what {@link #append} answered) lists it. */
    public void remove(String tenantId, String id, int chunk) {
        ListPart held = parts.find(ListPart.chunkId(tenantId, chunk));
        if (held == null || !held.ids().contains(id)) {
            return;
        }
        List<String> ids = new ArrayList<>(held.ids());
        ids.remove(id);
        ListPart head = parts.find(ListPart.headId(tenantId));
        List<Integer> sizes = new ArrayList<>(head.sizes());
        sizes.set(chunk, ids.size());
        parts.save(ListPart.chunk(tenantId, chunk, ids));
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
