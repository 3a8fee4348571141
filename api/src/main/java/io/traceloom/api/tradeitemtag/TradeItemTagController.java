package io.traceloom.api.tradeitemtag;

import io.traceloom.api.common.Caller;
import io.traceloom.api.common.Commands;
import io.traceloom.api.common.PageParams;
import io.traceloom.api.common.Paged;
import io.traceloom.api.common.Queries;
import io.traceloom.api.common.Versions;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagPage;
import io.traceloom.kernel.tradeitemtag.TradeItemTagView;
import jakarta.validation.Valid;
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

    private final Commands commands;
    private final Queries queries;

    public TradeItemTagController(Commands commands, Queries queries) {
        this.commands = commands;
        this.queries = queries;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<TradeItemTagResponse> create(Caller caller,
                                                       @Valid @RequestBody CreateTradeItemTagRequest body,
                                                       UriComponentsBuilder uri) {
        String id = UUID.randomUUID().toString();
        commands.send(new CreateTradeItemTag(caller.tenantId(), id, body.code(), body.name(), body.description()));
        TradeItemTagView tag = find(caller, id);
        return ResponseEntity.created(uri.path("/trade-item-tags/{id}").build(id))
                .eTag(Versions.etag(tag.version()))
                .body(TradeItemTagResponse.of(tag));
    }

    @GetMapping("/{id}")
    public ResponseEntity<TradeItemTagResponse> get(Caller caller, @PathVariable String id, WebRequest request) {
        TradeItemTagView tag = find(caller, id);
        return Versions.ok(request, tag.version(), TradeItemTagResponse.of(tag));
    }

    /** Live tags; {@code includeDeleted=true} lists the soft-deleted ones too. */
    @GetMapping
    public ResponseEntity<List<TradeItemTagResponse>> list(Caller caller, PageParams page,
                                                           @RequestParam(defaultValue = "false") boolean includeDeleted) {
        TradeItemTagPage result = queries.get(
                new ListTradeItemTags(caller.tenantId(), page.page(), page.limit(), includeDeleted),
                TradeItemTagPage.class);
        return Paged.response(page, result.items().stream().map(TradeItemTagResponse::of).toList(), result.total());
    }

    /** Soft delete: the tag stays readable, marked deleted. Deleting it again changes nothing. */
    @DeleteMapping("/{id}")
    public ResponseEntity<TradeItemTagResponse> delete(Caller caller, @PathVariable String id) {
        commands.send(new DeleteTradeItemTag(caller.tenantId(), id));
        TradeItemTagView tag = find(caller, id);
        return ResponseEntity.ok().eTag(Versions.etag(tag.version())).body(TradeItemTagResponse.of(tag));
    }

    private TradeItemTagView find(Caller caller, String id) {
        return queries.one(new FindTradeItemTag(caller.tenantId(), id), TradeItemTagView.class,
                "Trade item tag '" + id + "' does not exist.");
    }
}
