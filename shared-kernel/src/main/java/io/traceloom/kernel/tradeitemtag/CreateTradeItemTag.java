package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

public record CreateTradeItemTag(String tenantId, String tagId, String code, String name, String description)
        implements TenantScoped {

    @TargetAggregateIdentifier
    public String catalogueId() {
        return TradeItemTagCatalogueId.of(tenantId);
    }
}
