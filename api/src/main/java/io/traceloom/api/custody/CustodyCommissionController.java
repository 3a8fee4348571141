package io.traceloom.api.custody;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
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
import io.traceloom.kernel.custody.ConsumeCustodyCommission;
import io.traceloom.kernel.custody.CreateCustodyCommission;
import io.traceloom.kernel.custody.CustodyCommissionPage;
import io.traceloom.kernel.custody.CustodyCommissionView;
import io.traceloom.kernel.custody.DeleteCustodyCommission;
import io.traceloom.kernel.custody.FindCustodyCommission;
import io.traceloom.kernel.custody.ListCustodyCommissions;
import io.traceloom.kernel.custody.UpdateCustodyCommission;
import io.traceloom.kernel.message.ResourceIds;
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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Custody commissions", description = "One-time handovers of custody: a sender registers who may "
        + "receive it, and exactly one of them consumes it.")
@RequestMapping(path = "/custody-commissions", produces = MediaType.APPLICATION_JSON_VALUE)
public class CustodyCommissionController {

    private final Writes writes;
    private final Queries queries;
    private final ResourceHistories histories;

    public CustodyCommissionController(Writes writes, Queries queries, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
    }

    @Operation(summary = "Create a custody commission",
            description = "`identifier` is unique in the tenant while the commission exists; `registeredConsumers` "
                    + "are distinct and kept in order.")
    @ApiResponse(responseCode = "201", description = "Created: the commission, open.")
    @ApiResponse(responseCode = "409", description = "Another commission of the tenant has this identifier.")
    @Versioned
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CustodyCommissionResponse> create(Caller caller,
                                                            @Valid @RequestBody CreateCustodyCommissionRequest body,
                                                            UriComponentsBuilder uri) {
        String id = ResourceIds.next();
        URI location = location(uri, id);
        writes.sendAndAwaitReadModels(new CreateCustodyCommission(caller.tenantId(), id, body.identifier(),
                body.registeredConsumers()), id, location);
        CustodyCommissionView commission = find(caller, id);
        return ResponseEntity.created(location).eTag(etag(commission)).body(CustodyCommissionResponse.of(commission));
    }

    @Operation(summary = "Read a custody commission")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<CustodyCommissionResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                         WebRequest request) {
        CustodyCommissionView commission = find(caller, id, asOf);
        return Versions.ok(request, etag(commission), CustodyCommissionResponse.of(commission));
    }

    @Operation(summary = "Read a custody commission's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("custody-commissions", caller, id, page, request,
                "Custody commission '" + id + "' does not exist.");
    }

    @Operation(summary = "List custody commissions", description = "Oldest first; `consumed` keeps the consumed "
            + "(`true`) or the open ones (`false`).")
    @GetMapping
    public ResponseEntity<List<CustodyCommissionResponse>> list(Caller caller, PageParams page,
                                                                @Parameter(description = "`true`: only consumed "
                                                                        + "commissions; `false`: only open ones.")
                                                                @RequestParam(required = false) Boolean consumed) {
        CustodyCommissionPage result = queries.page(
                new ListCustodyCommissions(caller.tenantId(), consumed, page.page(), page.limit()),
                CustodyCommissionPage.class);
        return Paged.response(page, result.items().stream().map(CustodyCommissionResponse::of).toList(),
                result.total());
    }

    @Operation(summary = "Replace a custody commission's consumers",
            description = "Until it is consumed. The same consumers again change nothing. Honours `If-Match`.")
    @ApiResponse(responseCode = "200", description = "The commission with its consumers.")
    @ApiResponse(responseCode = "409", description = "It has been consumed: the record of a handover does not change.")
    @Versioned
    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CustodyCommissionResponse> update(Caller caller, @PathVariable String id,
                                                            @Valid @RequestBody UpdateCustodyCommissionRequest body,
                                                            @RequestHeader(name = HttpHeaders.IF_MATCH, required = false)
                                                            String ifMatch,
                                                            UriComponentsBuilder uri) {
        writes.sendAndAwaitReadModels(new UpdateCustodyCommission(caller.tenantId(), id, body.registeredConsumers(),
                expectedVersion(caller, id, ifMatch)), id, location(uri, id));
        CustodyCommissionView commission = find(caller, id);
        return ResponseEntity.ok().eTag(etag(commission)).body(CustodyCommissionResponse.of(commission));
    }

    @Operation(summary = "Delete a custody commission",
            description = "Withdraws an open commission; its identifier is free again. Honours `If-Match`.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @ApiResponse(responseCode = "409", description = "It has been consumed: the record of a handover is kept.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        writes.sendAndAwaitReadModels(new DeleteCustodyCommission(caller.tenantId(), id,
                expectedVersion(caller, id, ifMatch)), id, location(uri, id));
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Consume a custody commission",
            description = "Hands custody to `consumedBy`, a registered consumer, exactly once: of any number of "
                    + "concurrent consumes, one gets 200 and the others 404. A commission that does not exist, or "
                    + "was consumed already, is 404 alike: the caller learns nothing more.")
    @ApiResponse(responseCode = "200", description = "Consumed: the commission with `consumedBy` and `consumedAt`; "
            + "`Content-Location` is where it is read.")
    @ApiResponse(responseCode = "404", description = "No open commission with this identifier in your tenant: "
            + "there is none, or it was consumed already (alike: the caller learns nothing more).")
    @Versioned
    @PostMapping(path = "/consume", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<CustodyCommissionResponse> consume(Caller caller,
                                                             @Valid @RequestBody ConsumeCustodyCommissionRequest body,
                                                             UriComponentsBuilder uri) {
        String id = writes.decideAndAwaitReadModels(
                new ConsumeCustodyCommission(caller.tenantId(), body.identifier(), body.consumedBy()),
                consumed -> location(uri.cloneBuilder(), consumed));
        CustodyCommissionView commission = find(caller, id);
        return ResponseEntity.ok().eTag(etag(commission))
                .header(HttpHeaders.CONTENT_LOCATION, location(uri, id).toString())
                .body(CustodyCommissionResponse.of(commission));
    }

    /** The version an {@code If-Match} pins, checked against the commission as it is read now. */
    private Long expectedVersion(Caller caller, String id, String ifMatch) {
        if (ifMatch == null) {
            return null;
        }
        CustodyCommissionView commission = find(caller, id);
        return Versions.requireMatch(ifMatch, etag(commission)) ? commission.version() : null;
    }

    private static URI location(UriComponentsBuilder uri, String id) {
        return uri.path("/custody-commissions/{id}").build(id);
    }

    private static String etag(CustodyCommissionView commission) {
        return Versions.etag(commission.version());
    }

    private CustodyCommissionView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private CustodyCommissionView find(Caller caller, String id, AsOf asOf) {
        return queries.view(new FindCustodyCommission(caller.tenantId(), id, asOf.instant()), asOf,
                CustodyCommissionView.class, "Custody commission '" + id + "'");
    }
}
