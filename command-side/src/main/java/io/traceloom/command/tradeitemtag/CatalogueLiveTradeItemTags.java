package io.traceloom.command.tradeitemtag;

import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.tradeitemtag.LiveTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import java.util.Optional;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/** Answers from the tenant's catalogue, loaded in the caller's unit of work. */
@Component
public class CatalogueLiveTradeItemTags implements LiveTradeItemTags {

    private final Repository<TradeItemTagCatalogue> catalogues;

    public CatalogueLiveTradeItemTags(Repository<TradeItemTagCatalogue> catalogues) {
        this.catalogues = catalogues;
    }

    @Override
    public Optional<TagSnapshot> withCode(String tenantId, String code) {
        try {
            return catalogues.load(TradeItemTagCatalogueId.of(tenantId)).invoke(catalogue -> catalogue.liveTag(code));
        } catch (AggregateNotFoundException noTagsYet) {
            return Optional.empty();
        }
    }
}
