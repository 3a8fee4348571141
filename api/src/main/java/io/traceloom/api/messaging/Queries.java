package io.traceloom.api.messaging;

import io.traceloom.api.http.AsOf;
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.api.readmodel.ViewCache;
import java.util.Optional;
import java.util.function.Predicate;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/** Asks the query side. Queries run in this thread's time: the API is synchronous end to end. */
@Component
public class Queries {

    private final QueryGateway gateway;
    private final ViewCache views;

    public Queries(QueryGateway gateway, ViewCache views) {
        this.gateway = gateway;
        this.views = views;
    }

    /**
     * One resource's view, the answer to a find query for it: as it stands now, kept in the {@link ViewCache}
     * while no projection moves; or as it was at {@code asOf}. Else 404, saying "{@code what} does not exist."
     * or "... did not exist at" the instant.
     */
    public <R> R view(Object query, AsOf asOf, Class<R> type, String what) {
        Optional<R> found = asOf.instant() == null ? views.answer(query, () -> find(query, type), Optional::isPresent)
                : find(query, type);
        return found.orElseThrow(() -> new ResourceNotFoundException(what + asOf.notFound()));
    }

    /**
     * The answer to a query of what the read models hold now, kept in the {@link ViewCache} like a view while
     * no projection moves, if {@code keep} says it is worth keeping (an answer that found nothing is not: anyone
     * may ask for anything).
     */
    public <R> R now(Object query, Class<R> type, Predicate<? super R> keep) {
        return views.answer(query, () -> get(query, type), keep);
    }

    /**
     * A page of a list as the read models hold it now, kept in the {@link ViewCache} like a view until a write
     * changes a document it was read from (a list's head, which every create and delete of its tenant writes, one of
     * its chunks, one of the page's items).
     */
    public <R> R page(Object query, Class<R> type) {
        return views.answer(query, () -> get(query, type), any -> true);
    }

    /** The one result of a find query, or 404 with the given detail. */
    public <R> R one(Object query, Class<R> type, String notFoundDetail) {
        Optional<R> result = gateway.query(query, ResponseTypes.optionalInstanceOf(type)).join();
        return result.orElseThrow(() -> new ResourceNotFoundException(notFoundDetail));
    }

    /** The one result of a find query, if there is one. */
    public <R> Optional<R> find(Object query, Class<R> type) {
        return gateway.query(query, ResponseTypes.optionalInstanceOf(type)).join();
    }

    public <R> R get(Object query, Class<R> type) {
        return gateway.query(query, ResponseTypes.instanceOf(type)).join();
    }
}
