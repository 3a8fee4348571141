package io.traceloom.command.tradeitem;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import io.traceloom.kernel.tradeitemtag.LiveTradeItemTags;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Creating a trade item needs a fact the item cannot know by itself: whether its tag is live. The tag
 * feature answers from its catalogue's event-sourced state, in the same unit of work.
 */
@Component
public class TradeItemCommandHandler {

    private final Repository<TradeItem> tradeItems;
    private final LiveTradeItemTags liveTags;

    public TradeItemCommandHandler(Repository<TradeItem> tradeItems, LiveTradeItemTags liveTags) {
        this.tradeItems = tradeItems;
        this.liveTags = liveTags;
    }

    @CommandHandler
    public String handle(CreateTradeItem command) throws Exception {
        String code = command.tradeItemTagCode();
        TagSnapshot tag = code == null ? null : liveTags.withCode(command.tenantId(), code)
                .orElseThrow(() -> new DomainRejectionException(Rejection.invalid("tradeItemTag",
                        "There is no live trade item tag with code '" + code + "'.")));
        tradeItems.newInstance(() -> new TradeItem(command.tenantId(), command.tradeItemId(), command.name(), tag));
        return command.tradeItemId();
    }
}
