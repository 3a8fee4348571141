package io.traceloom.query.readmodel;

import java.util.List;
import java.util.function.Predicate;
import org.springframework.data.mongodb.core.query.Query;

/**
 * The documents of one read model as a projection sees them while it handles events: its own writes of
 * the current batch included, whether or not they have reached MongoDB yet.
 */
public interface Documents<D> {

    /** The document with this id, or {@code null}. */
    D find(String id);

    /**
     * The documents the query selects in MongoDB, and those of this batch for which {@code matches} holds:
     * the two must describe the same selection.
     */
    List<D> find(Query query, Predicate<D> matches);

    /** Inserts or replaces the document. */
    void save(D document);

    void remove(String id);
}
