package io.traceloom.query.readmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.data.mongodb.core.BulkOperations.BulkMode;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

/**
 * Gives projections their {@link Documents}. While a processor handles a batch of events, writes are
 * held and sent as one ordered bulk write per collection when the batch has been handled (see
 * {@link ReadModelFlush}): one round trip instead of one per event. Outside a batch, writes go straight
 * to MongoDB.
 *
 * <p>Writes go to each read model's collection, except in a unit of work of a {@link ReadModelRebuild}:
 * there they go to the collections being rebuilt beside the live ones, which stay untouched; and in one of a
 * {@link ScratchReadModel}, where they stay in memory (a resource rebuilt as of a point in time).
 */
@Component
public class ReadModelWriter {

    private static final String PENDING = ReadModelWriter.class.getName() + ".pending";
    private static final String EVENT_WRITES = ReadModelWriter.class.getName() + ".eventWrites";
    /** The unit-of-work resource that sends this unit of work's writes to a rebuild's collections. */
    static final String REBUILD = ReadModelWriter.class.getName() + ".rebuild";
    /** The unit-of-work resource that keeps this unit of work's writes in memory ({@link ScratchReadModel}). */
    static final String SCRATCH = ReadModelWriter.class.getName() + ".scratch";

    private final MongoTemplate mongo;

    public ReadModelWriter(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    public <D> Documents<D> documents(Class<D> type, Function<D, String> idOf) {
        return documents(type, idOf, mongo.getCollectionName(type));
    }

    /**
     * The order in which the documents of {@code type} were created, per tenant, kept beside them so that a
     * page of a tenant's list is read without scanning the collection (see {@link TenantLists}). A
     * projection appends an id when it creates the document and removes it when it deletes it; its reset
     * empties the lists with the documents ({@link #clear}).
     */
    public TenantLists lists(Class<?> type) {
        return new TenantLists(documents(ListPart.class, ListPart::id, TenantLists.collection(mongo, type)));
    }

    /**
     * Documents of {@code kind} a read model keeps in a collection beside its own ({@code <collection><suffix>}),
     * written like its own: held for the batch, sent to a rebuild's collections, kept in memory for a history.
     * Its reset empties them with {@link #clearBeside}.
     */
    public <D> Documents<D> beside(Class<?> type, String suffix, Class<D> kind, Function<D, String> idOf) {
        return documents(kind, idOf, mongo.getCollectionName(type) + suffix);
    }

    /** Empties the documents of {@code kind} kept beside {@code type}'s ({@link #beside}). */
    public void clearBeside(Class<?> type, String suffix, Class<?> kind) {
        String beside = mongo.getCollectionName(type) + suffix;
        if (mongo.collectionExists(beside)) {
            clear(kind, beside);
        }
    }

    /**
     * Sends the writes held so far in this batch to MongoDB now, before the handler goes on: what it writes next
     * then reaches MongoDB after them (a read model that marks where a change begins and ends, for its
     * readers). The undo of the current event's writes is given up with them: a handler calls this before its
     * event's writes or after its last one. Nothing to do outside a batch, or in a history's replay.
     */
    public void sendHeldWrites() {
        if (CurrentUnitOfWork.isStarted() && CurrentUnitOfWork.get().getResource(SCRATCH) == null) {
            flush(CurrentUnitOfWork.get());
        }
    }

    @SuppressWarnings("unchecked")
    private <D> Documents<D> documents(Class<D> type, Function<D, String> idOf, String live) {
        if (!CurrentUnitOfWork.isStarted()) {
            return new Direct<>(mongo, type, idOf, live);
        }
        ScratchReadModel scratch = CurrentUnitOfWork.get().getResource(SCRATCH);
        if (scratch != null) {
            return scratch.documents(type, idOf, live);
        }
        UnitOfWork<?> root = CurrentUnitOfWork.get().root();
        Map<String, Batched<?>> pending = root.getOrComputeResource(PENDING, key -> new LinkedHashMap<>());
        EventWrites eventWrites = root.getOrComputeResource(EVENT_WRITES, key -> new EventWrites());
        return (Documents<D>) pending.computeIfAbsent(live,
                key -> new Batched<>(mongo, type, idOf, collection(root, type, live), eventWrites));
    }

    /**
     * Takes back the held writes the handlers of {@code event} have made so far in this batch, leaving those of
     * the batch's other events: a handler failed on the event, which waits in the dead-letter queue instead, and
     * must leave nothing of itself in the read model.
     */
    public static void discardWritesOf(EventMessage<?> event) {
        if (CurrentUnitOfWork.isStarted() && event != null) {
            EventWrites eventWrites = CurrentUnitOfWork.get().root().getResource(EVENT_WRITES);
            if (eventWrites != null) {
                eventWrites.discard(event.getIdentifier());
            }
        }
    }

    /**
     * Empties the read model: what a projection's reset handler does. In a rebuild, that is the collection
     * being rebuilt, which starts empty; the live one is left as it is.
     */
    public void clear(Class<?> type) {
        clear(type, mongo.getCollectionName(type));
        String lists = TenantLists.collection(mongo, type);
        if (mongo.collectionExists(lists)) {
            clear(ListPart.class, lists);
        }
    }

    private void clear(Class<?> type, String live) {
        ScratchReadModel scratch = CurrentUnitOfWork.isStarted() ? CurrentUnitOfWork.get().getResource(SCRATCH) : null;
        if (scratch != null) {
            scratch.clear(live);
            return;
        }
        ReadModelRebuild rebuild = CurrentUnitOfWork.isStarted()
                ? CurrentUnitOfWork.get().root().getResource(REBUILD) : null;
        if (rebuild != null) {
            rebuild.collection(type, live);
        } else {
            mongo.remove(new Query(), type, live);
        }
    }

    private String collection(UnitOfWork<?> root, Class<?> type, String live) {
        ReadModelRebuild rebuild = root.getResource(REBUILD);
        return rebuild != null ? rebuild.collection(type, live) : live;
    }

    /** Sends the held writes of this unit of work to MongoDB. */
    static void flush(UnitOfWork<?> unitOfWork) {
        Map<String, Batched<?>> pending = unitOfWork.root().getResource(PENDING);
        if (pending != null) {
            pending.values().forEach(Batched::flush);
            pending.clear();
        }
        EventWrites eventWrites = unitOfWork.root().getResource(EVENT_WRITES);
        if (eventWrites != null) {
            eventWrites.forget();
        }
    }

    /**
     * How to take back the held writes of the event being handled: for each write, what the batch held for
     * that document before it. Kept for one event at a time (the one whose handlers write now), so it costs a
     * few entries, not the batch.
     */
    private static final class EventWrites {
        private final List<Runnable> undo = new ArrayList<>();
        private String event;

        /** Notes how to undo a write the current event's handlers are about to make. */
        void record(Runnable undoWrite) {
            String current = CurrentUnitOfWork.isStarted() && CurrentUnitOfWork.get().getMessage() != null
                    ? CurrentUnitOfWork.get().getMessage().getIdentifier() : null;
            if (current == null || !current.equals(event)) {
                undo.clear();
                event = current;
            }
            undo.add(undoWrite);
        }

        void discard(String eventIdentifier) {
            if (eventIdentifier.equals(event)) {
                for (int i = undo.size() - 1; i >= 0; i--) {
                    undo.get(i).run();
                }
            }
            forget();
        }

        void forget() {
            undo.clear();
            event = null;
        }
    }

    private static Query byId(String id) {
        return Query.query(Criteria.where("_id").is(id));
    }

    private record Direct<D>(MongoTemplate mongo, Class<D> type, Function<D, String> idOf, String collection)
            implements Documents<D> {

        @Override
        public D find(String id) {
            return mongo.findById(id, type, collection);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            return mongo.find(query, type, collection);
        }

        @Override
        public void save(D document) {
            mongo.save(document, collection);
        }

        @Override
        public void remove(String id) {
            mongo.remove(byId(id), type, collection);
        }
    }

    /**
     * Writes held for the batch: by id, in order; an empty Optional is a removal. What the batch read by id
     * is kept for the rest of the batch: a tenant's events are handled by one processor thread, so nothing
     * else writes a tenant's documents meanwhile, and reading one again would cost a round trip per event
     * (a tenant list's head and chunks are read by every create of the batch).
     */
    private static final class Batched<D> implements Documents<D> {
        private final MongoTemplate mongo;
        private final Class<D> type;
        private final Function<D, String> idOf;
        private final String collection;
        private final Map<String, Optional<D>> writes = new LinkedHashMap<>();
        private final Map<String, Optional<D>> read = new HashMap<>();
        private final EventWrites eventWrites;

        Batched(MongoTemplate mongo, Class<D> type, Function<D, String> idOf, String collection,
                EventWrites eventWrites) {
            this.mongo = mongo;
            this.type = type;
            this.idOf = idOf;
            this.collection = collection;
            this.eventWrites = eventWrites;
        }

        @Override
        public D find(String id) {
            Optional<D> written = writes.get(id);
            if (written != null) {
                return written.orElse(null);
            }
            return read.computeIfAbsent(id, key -> Optional.ofNullable(mongo.findById(key, type, collection)))
                    .orElse(null);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            List<D> found = new ArrayList<>();
            for (D stored : mongo.find(query, type, collection)) {
                if (!writes.containsKey(idOf.apply(stored))) {
                    found.add(stored);
                }
            }
            writes.values().forEach(written -> written.filter(matches).ifPresent(found::add));
            return found;
        }

        @Override
        public void save(D document) {
            hold(idOf.apply(document), Optional.of(document));
        }

        @Override
        public void remove(String id) {
            hold(id, Optional.empty());
        }

        private void hold(String id, Optional<D> write) {
            Optional<D> before = writes.get(id);
            eventWrites.record(() -> {
                if (before == null) {
                    writes.remove(id);
                } else {
                    writes.put(id, before);
                }
            });
            writes.put(id, write);
        }

        void flush() {
            if (writes.isEmpty()) {
                return;
            }
            var bulk = mongo.bulkOps(BulkMode.ORDERED, type, collection);
            writes.forEach((id, written) -> {
                if (written.isPresent()) {
                    bulk.replaceOne(byId(id), written.get(), FindAndReplaceOptions.options().upsert());
                } else {
                    bulk.remove(byId(id));
                }
            });
            bulk.execute();
            writes.clear();
            read.clear();
        }
    }
}
