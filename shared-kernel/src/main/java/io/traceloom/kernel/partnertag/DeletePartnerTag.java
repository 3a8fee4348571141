package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

public record DeletePartnerTag(String tenantId, String tagId) implements TenantScoped {

    @TargetAggregateIdentifier
    public String catalogueId() {
        return PartnerTagCatalogueId.of(tenantId);
    }
}
