package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

public record CreatePartnerTag(String tenantId, String tagId, String code, String name, String description)
        implements TenantScoped {

    @TargetAggregateIdentifier
    public String catalogueId() {
        return PartnerTagCatalogueId.of(tenantId);
    }
}
