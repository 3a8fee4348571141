package io.traceloom.query.tradeitemtag;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitemtag.FindTradeItemTag;
import io.traceloom.kernel.tradeitemtag.ListTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagPage;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
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
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, TradeItemTagDocument.class, query.tagId(), query.tenantId())
                : histories.asOf(TradeItemTagHistory.TRADE_ITEM_TAGS, query.tenantId(), query.tagId(), query.asOf()))
                .map(TradeItemTagDocument::toView);
    }

    @QueryHandler
    public TradeItemTagPage handle(ListTradeItemTags query) {
        Criteria criteria = where("tenantId").is(query.tenantId());
        if (!query.includeDeleted()) {
            criteria = criteria.and("deleted").is(false);
        }
        MongoPages.Slice<TradeItemTagDocument> slice =
                MongoPages.find(mongo, query(criteria), TradeItemTagDocument.class, query.page(), query.limit());
        return new TradeItemTagPage(slice.items().stream().map(TradeItemTagDocument::toView).toList(), slice.total());
    }
}
