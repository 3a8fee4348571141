package io.traceloom.query.tradeitem;

import io.traceloom.query.history.ResourceHistory;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A trade item is an aggregate of its own; its read model embeds its tag, so the tag's events fold in too. */
@Configuration(proxyBeanMethods = false)
public class TradeItemHistory {

    public static final ResourceHistory<TradeItemDocument> TRADE_ITEMS = ResourceHistory
            .of("trade-items", TradeItemProjection.class, TradeItemDocument.class)
            .embedding("trade-item-tags", item -> item.tradeItemTag() == null ? List.of()
                    : List.of(item.tradeItemTag().id()));

    @Bean
    public ResourceHistory<TradeItemDocument> tradeItemResourceHistory() {
        return TRADE_ITEMS;
    }
}
