package io.traceloom.query.tradeitemtag;

import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A tag lives in its tenant's catalogue: its history is the catalogue's events about it. */
@Configuration(proxyBeanMethods = false)
public class TradeItemTagHistory {

    public static final ResourceHistory<TradeItemTagDocument> TRADE_ITEM_TAGS = ResourceHistory
            .of("trade-item-tags", TradeItemTagProjection.class, TradeItemTagDocument.class)
            .heldBy((tenantId, id) -> TradeItemTagCatalogueId.of(tenantId))
            .about(TagEvent.class, TagEvent::tagId);

    @Bean
    public ResourceHistory<TradeItemTagDocument> tradeItemTagResourceHistory() {
        return TRADE_ITEM_TAGS;
    }
}
