package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.message.AggregateIds;

/**
 * The trade item tags of a tenant form one catalogue: one aggregate per tenant, so that the rule
 * "a code is unique within a tenant" is decided in one consistent place.
 */
public final class TradeItemTagCatalogueId {

    private TradeItemTagCatalogueId() {
    }

    public static String of(String tenantId) {
        return AggregateIds.tenantScoped("trade-item-tags", tenantId);
    }
}
