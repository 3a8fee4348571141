package io.traceloom.query.readmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.axonframework.messaging.Message;
import org.bson.Document;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.data.mongodb.core.convert.MongoConverter;
import org.springframework.data.mongodb.core.query.Query;

/**
 * A read model in memory, for one computation: projections' handlers write to it instead of MongoDB while
 * {@link #handle} runs them, so that their very folds rebuild a resource as it was at a point in time. Nothing
 * here reaches MongoDB: a lookup by a query answers from the documents held here that {@code matches} selects
 * (the {@link Documents} contract makes the two describe the same selection).
 *
 * <p>Documents are held as MongoDB would store them, converted by the read models' own converter: what comes
 * back is what a read of the live read model would give (instants in milliseconds, for one), so a resource
 * rebuilt here equals the one the live projection stored.
 */
public final class ScratchReadModel {

    private final MongoConverter converter;
    /** By the collection MongoDB would keep them in. */
    private final Map<String, Held<?>> byCollection = new HashMap<>();

    public ScratchReadModel(MongoConverter converter) {
        this.converter = converter;
    }

    /**
     * Runs {@code handler} on {@code message} in a unit of work of its own, in which {@link ReadModelWriter}
     * gives out this read model's documents.
     */
    public void handle(Message<?> message, Runnable handler) {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(message);
        unitOfWork.resources().put(ReadModelWriter.SCRATCH, this);
        unitOfWork.execute(handler);
    }

    /** The document of this type with this id, as the handlers left it, or {@code null}. */
    public <D> D find(Class<D> type, String id) {
        Held<?> held = byCollection.get(converter.getMappingContext().getRequiredPersistentEntity(type).getCollection());
        return held == null ? null : type.cast(held.find(id));
    }

    @SuppressWarnings("unchecked")
    <D> Documents<D> documents(Class<D> type, Function<D, String> idOf, String collection) {
        return (Documents<D>) byCollection.computeIfAbsent(collection, key -> new Held<>(converter, type, idOf));
    }

    void clear(String collection) {
        byCollection.remove(collection);
    }

    private static final class Held<D> implements Documents<D> {
        private final MongoConverter converter;
        private final Class<D> type;
        private final Function<D, String> idOf;
        private final Map<String, Document> documents = new LinkedHashMap<>();

        Held(MongoConverter converter, Class<D> type, Function<D, String> idOf) {
            this.converter = converter;
            this.type = type;
            this.idOf = idOf;
        }

        @Override
        public D find(String id) {
            Document stored = documents.get(id);
            return stored == null ? null : converter.read(type, stored);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            List<D> found = new ArrayList<>();
            for (Document stored : documents.values()) {
                D document = converter.read(type, stored);
                if (matches.test(document)) {
                    found.add(document);
                }
            }
            return found;
        }

        @Override
        public void save(D document) {
            Document stored = new Document();
            converter.write(document, stored);
            documents.put(idOf.apply(document), stored);
        }

        @Override
        public void remove(String id) {
            documents.remove(id);
        }
    }
}
