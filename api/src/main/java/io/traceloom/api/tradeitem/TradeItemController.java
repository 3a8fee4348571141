package io.traceloom.api.tradeitem;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import io.traceloom.kernel.tradeitem.DeleteTradeItem;
import io.traceloom.kernel.tradeitem.FindTradeItem;
import io.traceloom.kernel.tradeitem.ListTradeItems;
import io.traceloom.kernel.tradeitem.TradeItemPage;
import io.traceloom.kernel.tradeitem.TradeItemView;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Trade items", description = "Products and lots, optionally tagged with a trade item tag.")
@RequestMapping(path = "/trade-items", produces = MediaType.APPLICATION_JSON_VALUE)
public class TradeItemController {

    private final Writes writes;
    private final Queries queries;
    private final ResourceHistories histories;

    public TradeItemController(Writes writes, Queries queries, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
    }

    @Operation(summary = "Create a trade item",
            description = "`tradeItemTag` is the code of a live trade item tag, or left out; the answer embeds the "
                    + "whole tag. An unknown or deleted code is 400.")
    @ApiResponse(responseCode = "201", description = "Created: the item, its tag embedded.")
    @Versioned
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TradeItemResponse> create(Caller caller, @Valid @RequestBody CreateTradeItemRequest body,
                                                    UriComponentsBuilder uri) {
        String id = ResourceIds.next();
        URI location = uri.path("/trade-items/{id}").build(id);
        writes.sendAndAwaitReadModels(new CreateTradeItem(caller.tenantId(), id, body.name(), body.tradeItemTag()),
                id, location);
        TradeItemView item = find(caller, id);
        return ResponseEntity.created(location)
                .eTag(etag(item))
                .body(TradeItemResponse.of(item));
    }

    @Operation(summary = "Read a trade item", description = "The embedded tag shows its deletion.")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<TradeItemResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                 WebRequest request) {
        TradeItemView item = find(caller, id, asOf);
        return Versions.ok(request, etag(item), TradeItemResponse.of(item));
    }

    @Operation(summary = "Read a trade item's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("trade-items", caller, id, page, request, "Trade item '" + id + "' does not exist.");
    }

    @Operation(summary = "List trade items", description = "Oldest first.")
    @GetMapping
    public ResponseEntity<List<TradeItemResponse>> list(Caller caller, PageParams page) {
        TradeItemPage result = queries.page(new ListTradeItems(caller.tenantId(), page.page(), page.limit()),
                TradeItemPage.class);
        return Paged.response(page, result.items().stream().map(TradeItemResponse::of).toList(), result.total());
    }

    /**
     * Honours {@code If-Match}: deleting a representation other than the one the caller saw is 412. The
     * entity tag covers the embedded tag too, so it is compared here, with the item as the read model shows
     * it; the item's own version then travels with the command, which checks it where the change happens.
     */
    @Operation(summary = "Delete a trade item")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        Long expectedVersion = null;
        if (ifMatch != null) {
            TradeItemView item = find(caller, id);
            expectedVersion = Versions.requireMatch(ifMatch, etag(item)) ? item.version() : null;
        }
        writes.sendAndAwaitReadModels(new DeleteTradeItem(caller.tenantId(), id, expectedVersion),
                id, uri.path("/trade-items/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    /** The item's version and, when tagged, its tag's: the body embeds the tag as it stands now. */
    private static String etag(TradeItemView item) {
        return item.tradeItemTag() == null
                ? Versions.etag(item.version())
                : Versions.etag(item.version(), item.tradeItemTag().version());
    }

    private TradeItemView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private TradeItemView find(Caller caller, String id, AsOf asOf) {
        return queries.view(new FindTradeItem(caller.tenantId(), id, asOf.instant()), asOf, TradeItemView.class,
                "Trade item '" + id + "'");
    }
}
