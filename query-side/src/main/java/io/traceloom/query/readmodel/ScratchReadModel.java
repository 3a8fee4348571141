package io.traceloom.query.readmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.data.mongodb.core.query.Query;

/**
 * A read model in memory, for one computation: projections' handlers write to it instead of MongoDB while
 * {@link #handle} runs them, so that their very folds rebuild a resource as it was at a point in time. Nothing
 * here reaches MongoDB: a lookup by a query answers from the documents held here that {@code matches} selects
 * (the {@link Documents} contract makes the two describe the same selection).
 */
public final class ScratchReadModel {

    private final Map<Class<?>, Held<?>> byType = new HashMap<>();

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
        Held<?> held = byType.get(type);
        return held == null ? null : type.cast(held.find(id));
    }

    @SuppressWarnings("unchecked")
    <D> Documents<D> documents(Class<D> type, Function<D, String> idOf) {
        return (Documents<D>) byType.computeIfAbsent(type, key -> new Held<>(idOf));
    }

    void clear(Class<?> type) {
        byType.remove(type);
    }

    private static final class Held<D> implements Documents<D> {
        private final Function<D, String> idOf;
        private final Map<String, D> documents = new LinkedHashMap<>();

        Held(Function<D, String> idOf) {
            this.idOf = idOf;
        }

        @Override
        public D find(String id) {
            return documents.get(id);
        }

        @Override
        public List<D> find(Query query, Predicate<D> matches) {
            return new ArrayList<>(documents.values().stream().filter(matches).toList());
        }

        @Override
        public void save(D document) {
            documents.put(idOf.apply(document), document);
        }

        @Override
        public void remove(String id) {
            documents.remove(id);
        }
    }
}
