package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

public record DeleteTradeItemTag(String tenantId, String tagId) implements TenantScoped {

    @TargetAggregateIdentifier
    public String catalogueId() {
        return TradeItemTagCatalogueId.of(tenantId);
    }
}
