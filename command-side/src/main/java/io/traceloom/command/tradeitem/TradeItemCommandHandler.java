package io.traceloom.command.tradeitem;

import io.traceloom.command.common.DomainRejectionException;
import io.traceloom.command.tradeitemtag.TradeItemTagCatalogue;
import io.traceloom.kernel.common.Rejection;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import io.traceloom.kernel.tradeitem.TradeItemTagSnapshot;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Creating a trade item needs a fact the item cannot know by itself: whether its tag is live. The tenant's
 * tag catalogue, an aggregate in the same unit of work, answers from its own event-sourced state.
 */
@Component
public class TradeItemCommandHandler {

    private final Repository<TradeItem> tradeItems;
    private final Repository<TradeItemTagCatalogue> tagCatalogues;

    public TradeItemCommandHandler(Repository<TradeItem> tradeItems,
                                   Repository<TradeItemTagCatalogue> tagCatalogues) {
        this.tradeItems = tradeItems;
        this.tagCatalogues = tagCatalogues;
    }

    @CommandHandler
    public String handle(CreateTradeItem command) throws Exception {
        TradeItemTagSnapshot tag = command.tradeItemTagCode() == null ? null : liveTag(command);
        tradeItems.newInstance(() -> new TradeItem(command.tenantId(), command.tradeItemId(), command.name(), tag));
        return command.tradeItemId();
    }

    private TradeItemTagSnapshot liveTag(CreateTradeItem command) {
        String code = command.tradeItemTagCode();
        try {
            return tagCatalogues.load(TradeItemTagCatalogueId.of(command.tenantId()))
                    .invoke(catalogue -> catalogue.liveTag(code))
                    .orElseThrow(() -> unknownTag(code));
        } catch (AggregateNotFoundException noTagsYet) {
            throw unknownTag(code);
        }
    }

    private static DomainRejectionException unknownTag(String code) {
        return new DomainRejectionException(Rejection.invalid("tradeItemTag",
                "There is no live trade item tag with code '" + code + "'."));
    }
}
