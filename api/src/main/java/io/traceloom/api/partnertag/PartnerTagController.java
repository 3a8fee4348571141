package io.traceloom.api.partnertag;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.catalogue.TagRequest;
import io.traceloom.api.catalogue.TagResponse;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.partnertag.CreatePartnerTag;
import io.traceloom.kernel.partnertag.DeletePartnerTag;
import io.traceloom.kernel.partnertag.FindPartnerTag;
import io.traceloom.kernel.partnertag.ListPartnerTags;
import io.traceloom.kernel.partnertag.ListPartnerTagsById;
import io.traceloom.kernel.partnertag.SetPartnerTags;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@Tag(name = "Partner tags", description = "A tenant's catalogue of tags for its partners, each with a unique code.")
@RequestMapping(path = "/partner-tags", produces = MediaType.APPLICATION_JSON_VALUE)
public class PartnerTagController {

    private final Writes writes;
    private final Queries queries;
    private final ResourceHistories histories;

    public PartnerTagController(Writes writes, Queries queries, ResourceHistories histories) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
    }

    @Operation(summary = "Create a partner tag", description = "The code is unique within the tenant.")
    @ApiResponse(responseCode = "201", description = "Created: the tag.")
    @ApiResponse(responseCode = "409", description = "The code is already used in the tenant (deleted tags included).")
    @Versioned
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TagResponse> create(Caller caller,
                                                       @Valid @RequestBody TagRequest body,
                                                       UriComponentsBuilder uri) {
        String id = UUID.randomUUID().toString();
        URI location = uri.path("/partner-tags/{id}").build(id);
        writes.sendAndAwaitReadModels(
                new CreatePartnerTag(caller.tenantId(), id, body.code(), body.name(), body.description()),
                id, location);
        TagView tag = find(caller, id);
        return ResponseEntity.created(location)
                .eTag(Versions.etag(tag.version()))
                .body(TagResponse.of(tag));
    }

    @Operation(summary = "Read a partner tag", description = "Deleted tags stay readable, marked deleted.")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<TagResponse> get(Caller caller, @PathVariable String id, AsOf asOf, WebRequest request) {
        TagView tag = find(caller, id, asOf);
        return Versions.ok(request, Versions.etag(tag.version()), TagResponse.of(tag));
    }

    @Operation(summary = "Read a partner tag's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("partner-tags", caller, id, page, request, "Partner tag '" + id + "' does not exist.");
    }

    /** Live tags; {@code includeDeleted=true} lists the soft-deleted ones too. */
    @Operation(summary = "List partner tags", description = "Live tags, oldest first.")
    @GetMapping
    public ResponseEntity<List<TagResponse>> list(Caller caller, PageParams page,
                                                           @Parameter(description = "`true` lists the deleted tags too.")
                                                           @RequestParam(defaultValue = "false") boolean includeDeleted) {
        TagPage result = queries.get(
                new ListPartnerTags(caller.tenantId(), page.page(), page.limit(), includeDeleted), TagPage.class);
        return Paged.response(page, result.items().stream().map(TagResponse::of).toList(), result.total());
    }

    @Operation(summary = "Set the partner tags",
            description = "Makes the tenant's partner tags equal to the array, as one change: a code not in the "
                    + "catalogue is created, a live tag whose name or description differs is updated (an unchanged "
                    + "one keeps its `updatedAt`), a deleted one is restored, and every live tag whose code the array "
                    + "leaves out is deleted (an empty array deletes them all)."
                    + " Answers the tags of the array, in its order, then those this call deleted.")
    @ApiResponse(responseCode = "200", description = "The catalogue is as the array says: the tags of the array, "
            + "in its order, then those this call deleted.")
    @PostMapping(path = "/set", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<List<TagResponse>> set(Caller caller,
                                                 @io.swagger.v3.oas.annotations.parameters.RequestBody(
                                                         description = "Every tag the catalogue is to hold, each code once.",
                                                         content = @Content(array = @ArraySchema(
                                                                 schema = @Schema(implementation = TagRequest.class),
                                                                 maxItems = TagRequest.MAX_SET_SIZE)))
                                                 @Size(max = TagRequest.MAX_SET_SIZE,
                                                         message = "must hold at most {max} tags")
                                                 @RequestBody List<@NotNull(message = "must be an object") @Valid TagRequest> body,
                                                 UriComponentsBuilder uri) {
        TagSetOutcome outcome = writes.sendAndAwaitReadModels(new SetPartnerTags(caller.tenantId(),
                        body.stream().map(TagRequest::toInput).toList()),
                null, uri.path("/partner-tags").query("includeDeleted=true").build().toUri());
        TagPage tags = queries.get(new ListPartnerTagsById(caller.tenantId(), outcome.tagIds()), TagPage.class);
        return ResponseEntity.ok(tags.items().stream().map(TagResponse::of).toList());
    }

    /** Soft delete: the tag stays readable, marked deleted. Deleting it again changes nothing. */
    @Operation(summary = "Delete a partner tag (soft)",
            description = "The tag stays readable, marked `deleted` with `deletedAt`. "
                    + "Deleting it again changes nothing and gives the same answer.")
    @Versioned
    @DeleteMapping("/{id}")
    public ResponseEntity<TagResponse> delete(Caller caller, @PathVariable String id, UriComponentsBuilder uri) {
        writes.sendAndAwaitReadModels(new DeletePartnerTag(caller.tenantId(), id),
                id, uri.path("/partner-tags/{id}").build(id));
        TagView tag = find(caller, id);
        return ResponseEntity.ok().eTag(Versions.etag(tag.version())).body(TagResponse.of(tag));
    }

    private TagView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private TagView find(Caller caller, String id, AsOf asOf) {
        return queries.one(new FindPartnerTag(caller.tenantId(), id, asOf.instant()), TagView.class,
                "Partner tag '" + id + "'" + asOf.notFound());
    }
}
