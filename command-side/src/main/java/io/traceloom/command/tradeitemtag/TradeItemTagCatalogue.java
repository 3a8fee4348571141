package io.traceloom.command.tradeitemtag;

import io.traceloom.command.catalogue.TagCatalogue;
import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.SetTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagRestored;
import io.traceloom.kernel.tradeitemtag.TradeItemTagUpdated;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * The trade item tags of one tenant, which trade items are tagged with. A {@link TagCatalogue}: its rules and state are
 * the catalogue's; this names its commands and events.
 */
@Aggregate(cache = "tagCatalogueCache", snapshotTriggerDefinition = "tagCatalogueSnapshots")
@Revision("1")
public class TradeItemTagCatalogue extends TagCatalogue {

    protected TradeItemTagCatalogue() {
        // for Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(CreateTradeItemTag command) {
        create(command.tenantId(), command.tagId(), new TagInput(command.code(), command.name(), command.description()));
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public TagSetOutcome handle(SetTradeItemTags command) {
        return set(command.tenantId(), command.tags());
    }

    @CommandHandler
    public void handle(DeleteTradeItemTag command) {
        delete(command.tenantId(), command.tagId());
    }

    @Override
    protected String catalogueId(String tenantId) {
        return TradeItemTagCatalogueId.of(tenantId);
    }

    @Override
    protected String noun() {
        return "trade item tag";
    }

    @Override
    protected TagEvent.Created created(String tenantId, String tagId, TagInput tag) {
        return new TradeItemTagCreated(tenantId, tagId, tag.code(), tag.name(), tag.description());
    }

    @Override
    protected TagEvent.Updated updated(String tenantId, String tagId, TagInput tag) {
        return new TradeItemTagUpdated(tenantId, tagId, tag.name(), tag.description());
    }

    @Override
    protected TagEvent.Deleted deleted(String tenantId, String tagId) {
        return new TradeItemTagDeleted(tenantId, tagId);
    }

    @Override
    protected TagEvent.Restored restored(String tenantId, String tagId, TagInput tag) {
        return new TradeItemTagRestored(tenantId, tagId, tag.name(), tag.description());
    }
}
