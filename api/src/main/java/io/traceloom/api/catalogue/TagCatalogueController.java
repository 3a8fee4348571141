package io.traceloom.api.catalogue;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.guard.HeavyRequest;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.message.ResourceIds;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The HTTP side of a tag catalogue (the command side's {@code catalogue.TagCatalogue}, the query side's
 * {@code catalogue.TagReadModel}): create, read, its history, list, set and soft delete. A catalogue's
 * controller names its path with {@code @RequestMapping}, its OpenAPI {@code @Tag}, and the messages of its
 * feature ({@link #createCommand}, {@link #findQuery}, ...); everything else is here, once.
 */
public abstract class TagCatalogueController {

    private final Writes writes;
    private final Queries queries;
    private final ResourceHistories histories;
    private final String collection;
    private final String noun;

    /**
     * @param collection the catalogue's collection in the API and its history's name ({@code partner-tags})
     * @param noun       a tag of it in problem details ({@code Partner tag})
     */
    protected TagCatalogueController(Writes writes, Queries queries, ResourceHistories histories, String collection,
                                     String noun) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
        this.collection = collection;
        this.noun = noun;
    }

    /** The command that creates a tag. */
    protected abstract Object createCommand(String tenantId, String tagId, TagRequest body);

    /** The command that soft-deletes a tag. */
    protected abstract Object deleteCommand(String tenantId, String tagId);

    /** The command that makes the catalogue equal to {@code tags}, answered with a {@link TagSetOutcome}. */
    protected abstract Object setCommand(String tenantId, List<TagInput> tags);

    /** The query for one tag ({@code asOf} null: now), answered with an {@code Optional<TagView>}. */
    protected abstract Object findQuery(String tenantId, String tagId, Instant asOf);

    /** The query for a page of tags, answered with a {@link TagPage}. */
    protected abstract Object listQuery(String tenantId, int page, int limit, boolean includeDeleted);

    /** The query for these tags in this order, answered with a {@link TagPage}. */
    protected abstract Object listByIdQuery(String tenantId, List<String> tagIds);

    @Operation(summary = "Create a tag", description = "The code is unique within the tenant's catalogue.")
    @ApiResponse(responseCode = "201", description = "Created: the tag.")
    @ApiResponse(responseCode = "409", description = "The code is already used in the tenant (deleted tags included).")
    @Versioned
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TagResponse> create(Caller caller, @Valid @RequestBody TagRequest body,
                                              UriComponentsBuilder uri) {
        String id = ResourceIds.next();
        URI location = uri.path("/" + collection + "/{id}").build(id);
        writes.sendAndAwaitReadModels(createCommand(caller.tenantId(), id, body), id, location);
        TagView tag = find(caller, id, new AsOf(null));
        return ResponseEntity.created(location).eTag(Versions.etag(tag.version())).body(TagResponse.of(tag));
    }

    @Operation(summary = "Read a tag", description = "Deleted tags stay readable, marked deleted.")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<TagResponse> get(Caller caller, @PathVariable String id, AsOf asOf, WebRequest request) {
        TagView tag = find(caller, id, asOf);
        return Versions.ok(request, Versions.etag(tag.version()), TagResponse.of(tag));
    }

    @Operation(summary = "Read a tag's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer(collection, caller, id, page, request, noun + " '" + id + "' does not exist.");
    }

    @Operation(summary = "List tags", description = "Live tags, oldest first.")
    @GetMapping
    public ResponseEntity<List<TagResponse>> list(Caller caller, PageParams page,
                                                  @Parameter(description = "`true` lists the deleted tags too.")
                                                  @RequestParam(defaultValue = "false") boolean includeDeleted) {
        TagPage result = queries.page(listQuery(caller.tenantId(), page.page(), page.limit(), includeDeleted),
                TagPage.class);
        return Paged.response(page, result.items().stream().map(TagResponse::of).toList(), result.total());
    }

    @Operation(summary = "Set the tags",
            description = "Makes the tenant's catalogue equal to the array, as one change: a code not in the "
                    + "catalogue is created, a live tag whose name or description differs is updated (an unchanged "
                    + "one keeps its `updatedAt`), a deleted one is restored, and every live tag whose code the array "
                    + "leaves out is deleted (an empty array deletes them all). Answers the tags of the array, in its "
                    + "order, then those this call deleted.")
    @ApiResponse(responseCode = "200", description = "The catalogue is as the array says: the tags of the array, "
            + "in its order, then those this call deleted.")
    @HeavyRequest
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
        TagSetOutcome outcome = writes.sendAndAwaitReadModels(
                setCommand(caller.tenantId(), body.stream().map(TagRequest::toInput).toList()),
                null, uri.path("/" + collection).query("includeDeleted=true").build().toUri());
        TagPage tags = queries.get(listByIdQuery(caller.tenantId(), outcome.tagIds()), TagPage.class);
        return ResponseEntity.ok(tags.items().stream().map(TagResponse::of).toList());
    }

    /** Soft delete: the tag stays readable, marked deleted. Deleting it again changes nothing. */
    @Operation(summary = "Delete a tag (soft)",
            description = "The tag stays readable, marked `deleted` with `deletedAt`. "
                    + "Deleting it again changes nothing and gives the same answer.")
    @Versioned
    @DeleteMapping("/{id}")
    public ResponseEntity<TagResponse> delete(Caller caller, @PathVariable String id, UriComponentsBuilder uri) {
        writes.sendAndAwaitReadModels(deleteCommand(caller.tenantId(), id), id, uri.path("/" + collection + "/{id}").build(id));
        TagView tag = find(caller, id, new AsOf(null));
        return ResponseEntity.ok().eTag(Versions.etag(tag.version())).body(TagResponse.of(tag));
    }

    private TagView find(Caller caller, String id, AsOf asOf) {
        return queries.view(findQuery(caller.tenantId(), id, asOf.instant()), asOf, TagView.class,
                noun + " '" + id + "'");
    }
}
