package io.traceloom.api.history;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.history.FindHistory;
import io.traceloom.kernel.history.HistoryPage;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.WebRequest;

/**
 * The answer of every resource's {@code GET …/{id}/history}: its events, oldest first, paged like a list, with
 * the sequence number of its latest event as {@code ETag}. A controller declares the endpoint and names its
 * resource; the query side knows what the resource is made of.
 */
@Component
public class ResourceHistories {

    /** What every history endpoint says in the API document. */
    public static final String DESCRIPTION = "Its events as the event store records them, oldest first, each with "
            + "who caused it and in which request (`userId`, `requestId`) and its `data` as recorded. Paged; the "
            + "`ETag` is the sequence number of its latest event. A deleted resource keeps its history.";

    private final Queries queries;

    public ResourceHistories(Queries queries) {
        this.queries = queries;
    }

    /**
     * @param resource       the resource's collection, as the query side declares it ({@code trade-items})
     * @param notFoundDetail the 404's detail when the tenant never had such a resource
     */
    public ResponseEntity<List<HistoryEventResponse>> answer(String resource, Caller caller, String id,
                                                             PageParams page, WebRequest request,
                                                             String notFoundDetail) {
        HistoryPage history = queries.one(new FindHistory(caller.tenantId(), resource, id, page.page(), page.limit()),
                HistoryPage.class, notFoundDetail);
        String etag = Versions.etag(history.lastSequence());
        if (request.checkNotModified(etag)) {
            return null;
        }
        return Paged.response(page, history.items().stream().map(HistoryEventResponse::of).toList(),
                history.total(), etag);
    }
}
