package io.traceloom.query.tradeitem;

import io.traceloom.kernel.tradeitem.FindTradeItem;
import io.traceloom.kernel.tradeitem.ListTradeItems;
import io.traceloom.kernel.tradeitem.TradeItemPage;
import io.traceloom.kernel.tradeitem.TradeItemView;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class TradeItemQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public TradeItemQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<TradeItemView> handle(FindTradeItem query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, TradeItemDocument.class, query.tradeItemId(), query.tenantId())
                : histories.asOf(TradeItemHistory.TRADE_ITEMS, query.tenantId(), query.tradeItemId(), query.asOf()))
                .map(TradeItemDocument::toView);
    }

    @QueryHandler
    public TradeItemPage handle(ListTradeItems query) {
        MongoPages.Slice<TradeItemDocument> slice = MongoPages.listed(mongo, TradeItemDocument.class,
                TradeItemDocument::id, query.tenantId(), query.page(), query.limit());
        return new TradeItemPage(slice.items().stream().map(TradeItemDocument::toView).toList(), slice.total());
    }
}
