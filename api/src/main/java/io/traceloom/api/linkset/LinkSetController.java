package io.traceloom.api.linkset;

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
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.kernel.linkset.DeleteLinkSet;
import io.traceloom.kernel.linkset.DigitalLink;
import io.traceloom.kernel.linkset.FindLinkSet;
import io.traceloom.kernel.linkset.InvalidDigitalLinkException;
import io.traceloom.kernel.linkset.LinkSetPage;
import io.traceloom.kernel.linkset.LinkSetView;
import io.traceloom.kernel.linkset.ListLinkSets;
import io.traceloom.kernel.linkset.PutLinkSet;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Link sets", description = "The links a GS1 Digital Link key resolves to; the public resolver at the "
        + "service's root answers with them.")
@RequestMapping(path = "/link-sets", produces = MediaType.APPLICATION_JSON_VALUE)
public class LinkSetController {

    static final int MAX_ID_LENGTH = 100;
    /** A link set's id is the client's: URL-safe characters, so it reads the same in the path and the body. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._~-]{1," + MAX_ID_LENGTH + "}");

    private final Writes writes;
    private final Queries queries;
    private final ResourceHistories histories;

    public LinkSetController(Writes writes, Queries queries, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
    }

    @Operation(summary = "Create or replace a link set",
            description = "Creates the link set with this id, or replaces it as a whole; the id never changes. "
                    + "`identifier` and `qualifier` form a GS1 Digital Link key (`01/09506000134352` and "
                    + "`10/LOT1`), unique across the service: the public resolver answers for it. The first link "
                    + "is the default link. A link that is still there (the same relationType, href and lang) keeps "
                    + "its `createdAt`. Honours `If-Match`.")
    @ApiResponse(responseCode = "201", description = "Created or replaced: the link set.")
    @ApiResponse(responseCode = "409", description = "Another link set holds this GS1 Digital Link key.")
    @Versioned
    @PutMapping(path = "/{id}", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<LinkSetResponse> put(Caller caller,
                                               @Parameter(description = "Your id for the link set: 1 to 100 of "
                                                       + "A-Z, a-z, 0-9, '.', '_', '~' and '-'.")
                                               @PathVariable String id,
                                               @Valid @RequestBody PutLinkSetRequest body,
                                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false)
                                               String ifMatch,
                                               UriComponentsBuilder uri) {
        if (!ID.matcher(id).matches()) {
            throw new InvalidRequestException("id", "must be 1 to " + MAX_ID_LENGTH
                    + " of A-Z, a-z, 0-9, '.', '_', '~' and '-'");
        }
        if (body.id() != null && !body.id().equals(id)) {
            throw new InvalidRequestException("id", "must equal the id in the path when given");
        }
        Long expectedVersion = null;
        if (ifMatch != null) {
            LinkSetView current;
            try {
                current = find(caller, id);
            } catch (ResourceNotFoundException notFound) {
                throw new ErrorResponseException(HttpStatus.PRECONDITION_FAILED, Problems.of(
                        HttpStatus.PRECONDITION_FAILED, "version-mismatch", "Precondition failed",
                        "Link set '" + id + "' does not exist, so If-Match cannot name its version."), null);
            }
            expectedVersion = Versions.requireMatch(ifMatch, etag(current)) ? current.version() : null;
        }
        URI location = uri.path("/link-sets/{id}").build(id);
        writes.sendAndAwaitReadModels(new PutLinkSet(caller.tenantId(), id, body.identifier(),
                body.qualifier() == null ? "" : body.qualifier(), body.itemDescription(),
                body.links().stream().map(PutLinkSetRequest.Link::toInput).toList(), expectedVersion), id, location);
        LinkSetView linkSet = find(caller, id);
        return ResponseEntity.created(location).eTag(etag(linkSet)).body(LinkSetResponse.of(linkSet));
    }

    @Operation(summary = "Read a link set")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<LinkSetResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                               WebRequest request) {
        LinkSetView linkSet = find(caller, id, asOf);
        return Versions.ok(request, etag(linkSet), LinkSetResponse.of(linkSet));
    }

    @Operation(summary = "Read a link set's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("link-sets", caller, id, page, request, "Link set '" + id + "' does not exist.");
    }

    @Operation(summary = "List link sets", description = "Oldest first; `identifier` keeps those of one primary key.")
    @GetMapping
    public ResponseEntity<List<LinkSetResponse>> list(Caller caller, PageParams page,
                                                      @Parameter(description = "Only the link sets of this GS1 "
                                                              + "primary key, as AI/value: `01/09506000134352`.")
                                                      @RequestParam(required = false) String identifier) {
        String primaryKey = null;
        if (identifier != null) {
            try {
                primaryKey = DigitalLink.of(identifier, "").identifier();
            } catch (InvalidDigitalLinkException e) {
                throw new InvalidRequestException("identifier", e.getMessage());
            }
        }
        LinkSetPage result = queries.page(new ListLinkSets(caller.tenantId(), primaryKey, page.page(), page.limit()),
                LinkSetPage.class);
        return Paged.response(page, result.items().stream().map(LinkSetResponse::of).toList(), result.total());
    }

    @Operation(summary = "Delete a link set", description = "Its GS1 Digital Link key is free again. Honours `If-Match`.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        if (!ID.matcher(id).matches()) {
            throw notFound(id);
        }
        Long expectedVersion = null;
        if (ifMatch != null) {
            LinkSetView linkSet = find(caller, id);
            expectedVersion = Versions.requireMatch(ifMatch, etag(linkSet)) ? linkSet.version() : null;
        }
        writes.sendAndAwaitReadModels(new DeleteLinkSet(caller.tenantId(), id, expectedVersion),
                id, uri.path("/link-sets/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    private static String etag(LinkSetView linkSet) {
        return Versions.etag(linkSet.version());
    }

    /** An id that is not one (it could never have been put) names nothing. */
    private LinkSetView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private LinkSetView find(Caller caller, String id, AsOf asOf) {
        if (!ID.matcher(id).matches()) {
            throw notFound(id);
        }
        return queries.view(new FindLinkSet(caller.tenantId(), id, asOf.instant()), asOf, LinkSetView.class,
                "Link set '" + id + "'");
    }

    private static ResourceNotFoundException notFound(String id) {
        return new ResourceNotFoundException("Link set '" + id + "' does not exist.");
    }
}
