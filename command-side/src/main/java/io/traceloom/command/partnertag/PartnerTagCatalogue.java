package io.traceloom.command.partnertag;

import io.traceloom.command.catalogue.TagCatalogue;
import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.partnertag.CreatePartnerTag;
import io.traceloom.kernel.partnertag.DeletePartnerTag;
import io.traceloom.kernel.partnertag.SetPartnerTags;
import io.traceloom.kernel.partnertag.PartnerTagCatalogueId;
import io.traceloom.kernel.partnertag.PartnerTagCreated;
import io.traceloom.kernel.partnertag.PartnerTagDeleted;
import io.traceloom.kernel.partnertag.PartnerTagRestored;
import io.traceloom.kernel.partnertag.PartnerTagUpdated;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * The partner tags of one tenant. A {@link TagCatalogue}: its rules and state are
 * the catalogue's; this names its commands and events.
 */
@Aggregate(cache = "tagCatalogueCache", snapshotTriggerDefinition = "tagCatalogueSnapshots")
@Revision("1")
public class PartnerTagCatalogue extends TagCatalogue {

    protected PartnerTagCatalogue() {
        // for Axon
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(CreatePartnerTag command) {
        create(command.tenantId(), command.tagId(), new TagInput(command.code(), command.name(), command.description()));
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public TagSetOutcome handle(SetPartnerTags command) {
        return set(command.tenantId(), command.tags());
    }

    @CommandHandler
    public void handle(DeletePartnerTag command) {
        delete(command.tenantId(), command.tagId());
    }

    @Override
    protected String catalogueId(String tenantId) {
        return PartnerTagCatalogueId.of(tenantId);
    }

    @Override
    protected String noun() {
        return "partner tag";
    }

    @Override
    protected TagEvent.Created created(String tenantId, String tagId, TagInput tag) {
        return new PartnerTagCreated(tenantId, tagId, tag.code(), tag.name(), tag.description());
    }

    @Override
    protected TagEvent.Updated updated(String tenantId, String tagId, TagInput tag) {
        return new PartnerTagUpdated(tenantId, tagId, tag.name(), tag.description());
    }

    @Override
    protected TagEvent.Deleted deleted(String tenantId, String tagId) {
        return new PartnerTagDeleted(tenantId, tagId);
    }

    @Override
    protected TagEvent.Restored restored(String tenantId, String tagId, TagInput tag) {
        return new PartnerTagRestored(tenantId, tagId, tag.name(), tag.description());
    }
}
