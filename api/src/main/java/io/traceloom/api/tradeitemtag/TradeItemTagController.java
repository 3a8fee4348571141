package io.traceloom.api.tradeitemtag;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.catalogue.TagCatalogueController;
import io.traceloom.api.catalogue.TagRequest;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTagsById;
import io.traceloom.kernel.tradeitemtag.SetTradeItemTags;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The trade item tags' catalogue over HTTP: the endpoints are every tag catalogue's. */
@RestController
@Tag(name = "Trade item tags", description = "A tenant's catalogue of tags for trade items, each with a unique code. "
        + "Items tagged with a tag keep it when it is deleted, or changed by a set, and show it so.")
@RequestMapping(path = "/trade-item-tags", produces = MediaType.APPLICATION_JSON_VALUE)
public class TradeItemTagController extends TagCatalogueController {

    public TradeItemTagController(Writes writes, Queries queries, ResourceHistories histories) {
        super(writes, queries, histories, "trade-item-tags", "Trade item tag");
    }

    @Override
    protected Object createCommand(String tenantId, String tagId, TagRequest body) {
        return new CreateTradeItemTag(tenantId, tagId, body.code(), body.name(), body.description());
    }

    @Override
    protected Object deleteCommand(String tenantId, String tagId) {
        return new DeleteTradeItemTag(tenantId, tagId);
    }

    @Override
    protected Object setCommand(String tenantId, List<TagInput> tags) {
        return new SetTradeItemTags(tenantId, tags);
    }

    @Override
    protected Object findQuery(String tenantId, String tagId, Instant asOf) {
        return new FindTradeItemTag(tenantId, tagId, asOf);
    }

    @Override
    protected Object listQuery(String tenantId, int page, int limit, boolean includeDeleted) {
        return new ListTradeItemTags(tenantId, page, limit, includeDeleted);
    }

    @Override
    protected Object listByIdQuery(String tenantId, List<String> tagIds) {
        return new ListTradeItemTagsById(tenantId, tagIds);
    }
}
