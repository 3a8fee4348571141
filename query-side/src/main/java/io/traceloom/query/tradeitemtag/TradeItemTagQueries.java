package io.traceloom.query.tradeitemtag;

import static io.traceloom.query.tradeitemtag.TradeItemTagDocument.READ_MODEL;

import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTagsById;
import io.traceloom.query.history.Histories;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class TradeItemTagQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public TradeItemTagQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<TagView> handle(FindTradeItemTag query) {
        return query.asOf() == null
                ? READ_MODEL.find(mongo, query.tenantId(), query.tagId())
                : histories.asOf(TradeItemTagHistory.TRADE_ITEM_TAGS, query.tenantId(), query.tagId(), query.asOf())
                .map(tag -> tag.state().toView());
    }

    @QueryHandler
    public TagPage handle(ListTradeItemTags query) {
        return READ_MODEL.list(mongo, query.tenantId(), query.page(), query.limit(), query.includeDeleted());
    }

    @QueryHandler
    public TagPage handle(ListTradeItemTagsById query) {
        return READ_MODEL.withIds(mongo, query.tenantId(), query.tagIds());
    }
}
