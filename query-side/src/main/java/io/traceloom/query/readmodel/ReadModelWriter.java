package io.traceloom.query.readmodel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
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
 */
@Component
public class ReadModelWriter {

    private static final String PENDING = ReadModelWriter.class.getName() + ".pending";

    private final MongoTemplate mongo;

    public ReadModelWriter(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @SuppressWarnings("unchecked")
    public <D> Documents<D> documents(Class<D> type, Function<D, String> idOf) {
        if (!CurrentUnitOfWork.isStarted()) {
            return new Direct<>(mongo, type, idOf);
        }
        Map<Class<?>, Batched<?>> pending = CurrentUnitOfWork.get().root()
                .getOrComputeResource(PENDING, key -> new LinkedHashMap<>());
        return (Documents<D>) pending.computeIfAbsent(type, key -> new Batched<>(mongo, type, idOf));
    }

    /** Removes every document of the read model: what a projection's reset handler does before a replay. */
    public void clear(Class<?> type) {
        mongo.remove(new Query(), type);
    }

    /** Sends the held writes of this unit of work to MongoDB. */
    static void flush(UnitOfWork<?> unitOfWork) {
        Map<Class<?>, Batched<?>> pending = unitOfWork.root().getResource(PENDING);
        if (pending != null) {
            pending.values().forEach(Batched::flush);
            pending.clear();
        }
    }

    private static Query byId(String id) {
        return Query.query(Criteria.where("_id").is(id));
    }

    private record Direct<D>(MongoTemplate mongo, Class<D> type, Function<D, String> idOf) implements Documents<D> {

        @Override
        public D find(String id) {
            return mongo.findById(id, type);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            return mongo.find(query, type);
        }

        @Override
        public void save(D document) {
            mongo.save(document);
        }

        @Override
        public void remove(String id) {
            mongo.remove(byId(id), type);
        }
    }

    /** Writes held for the batch: by id, in order; an empty Optional is a removal. */
    private static final class Batched<D> implements Documents<D> {
        private final MongoTemplate mongo;
        private final Class<D> type;
        private final Function<D, String> idOf;
        private final Map<String, Optional<D>> writes = new LinkedHashMap<>();

        Batched(MongoTemplate mongo, Class<D> type, Function<D, String> idOf) {
            this.mongo = mongo;
            this.type = type;
            this.idOf = idOf;
        }

        @Override
        public D find(String id) {
            Optional<D> written = writes.get(id);
            return written != null ? written.orElse(null) : mongo.findById(id, type);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            List<D> found = new ArrayList<>();
            for (D stored : mongo.find(query, type)) {
                if (!writes.containsKey(idOf.apply(stored))) {
                    found.add(stored);
                }
            }
            writes.values().forEach(written -> written.filter(matches).ifPresent(found::add));
            return found;
        }

        @Override
        public void save(D document) {
            writes.put(idOf.apply(document), Optional.of(document));
        }

        @Override
        public void remove(String id) {
            writes.put(id, Optional.empty());
        }

        void flush() {
            if (writes.isEmpty()) {
                return;
            }
            var bulk = mongo.bulkOps(BulkMode.ORDERED, type);
            writes.forEach((id, written) -> {
                if (written.isPresent()) {
                    bulk.replaceOne(byId(id), written.get(), FindAndReplaceOptions.options().upsert());
                } else {
                    bulk.remove(byId(id));
                }
            });
            bulk.execute();
            writes.clear();
        }
    }
}
