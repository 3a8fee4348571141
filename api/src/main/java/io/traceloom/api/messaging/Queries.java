package io.traceloom.api.messaging;

import io.traceloom.api.http.ResourceNotFoundException;
import java.util.Optional;
import org.axonframework.messaging.responsetypes.ResponseTypes;
import org.axonframework.queryhandling.QueryGateway;
import org.springframework.stereotype.Component;

/** Asks the query side. Queries run in this thread's time: the API is synchronous end to end. */
@Component
public class Queries {

    private final QueryGateway gateway;

    public Queries(QueryGateway gateway) {
        this.gateway = gateway;
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
