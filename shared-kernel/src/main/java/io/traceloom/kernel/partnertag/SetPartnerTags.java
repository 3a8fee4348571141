package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Makes the tenant's partner tags equal to {@code tags}: codes not in the catalogue are created, changed
 * ones updated, deleted ones that reappear restored, and live ones the list leaves out deleted; one
 * change, all or nothing. Answered with a {@link io.traceloom.kernel.catalogue.TagSetOutcome}.
 *
 * @param tags distinct codes
 */
public record SetPartnerTags(String tenantId, List<TagInput> tags) implements TenantScoped {

    public SetPartnerTags {
        tags = List.copyOf(tags);
    }

    @TargetAggregateIdentifier
    public String catalogueId() {
        return PartnerTagCatalogueId.of(tenantId);
    }
}
