package io.traceloom.api.tradeitemtag;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.catalogue.TagResponse;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagPage;
import jakarta.validation.Valid;
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
@RequestMapping(path = "/trade-item-tags", produces = MediaType.APPLICATION_JSON_VALUE)
public class TradeItemTagController {

    private final Writes writes;
    private final Queries queries;

    public TradeItemTagController(Writes writes, Queries queries) {
        this.writes = writes;
        this.queries = queries;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TagResponse> create(Caller caller,
                                                       @Valid @RequestBody CreateTradeItemTagRequest body,
                                                       UriComponentsBuilder uri) {
        String id = UUID.randomUUID().toString();
        URI location = uri.path("/trade-item-tags/{id}").build(id);
        writes.sendAndAwaitReadModels(
                new CreateTradeItemTag(caller.tenantId(), id, body.code(), body.name(), body.description()),
                id, location);
        TagView tag = find(caller, id);
        return ResponseEntity.created(location)
                .eTag(Versions.etag(tag.version()))
                .body(TagResponse.of(tag));
    }

    @GetMapping("/{id}")
    public ResponseEntity<TagResponse> get(Caller caller, @PathVariable String id, WebRequest request) {
        TagView tag = find(caller, id);
        return Versions.ok(request, Versions.etag(tag.version()), TagResponse.of(tag));
    }

    /** Live tags; {@code includeDeleted=true} lists the soft-deleted ones too. */
    @GetMapping
    public ResponseEntity<List<TagResponse>> list(Caller caller, PageParams page,
                                                           @RequestParam(defaultValue = "false") boolean includeDeleted) {
        TradeItemTagPage result = queries.get(
                new ListTradeItemTags(caller.tenantId(), page.page(), page.limit(), includeDeleted),
                TradeItemTagPage.class);
        return Paged.response(page, result.items().stream().map(TagResponse::of).toList(), result.total());
    }

    /** Soft delete: the tag stays readable, marked deleted. Deleting it again changes nothing. */
    @DeleteMapping("/{id}")
    public ResponseEntity<TagResponse> delete(Caller caller, @PathVariable String id, UriComponentsBuilder uri) {
        writes.sendAndAwaitReadModels(new DeleteTradeItemTag(caller.tenantId(), id),
                id, uri.path("/trade-item-tags/{id}").build(id));
        TagView tag = find(caller, id);
        return ResponseEntity.ok().eTag(Versions.etag(tag.version())).body(TagResponse.of(tag));
    }

    private TagView find(Caller caller, String id) {
        return queries.one(new FindTradeItemTag(caller.tenantId(), id), TagView.class,
                "Trade item tag '" + id + "' does not exist.");
    }
}
