package io.traceloom.kernel.tradeitemtag;

/**
 * The trade item tags of a tenant form one catalogue: one aggregate per tenant, so that the rule
 * "a code is unique within a tenant" is decided in one consistent place. Aggregate identifiers share one
 * space in the event store, hence the prefix.
 */
public final class TradeItemTagCatalogueId {

    private static final String PREFIX = "trade-item-tags:";

    private TradeItemTagCatalogueId() {
    }

    public static String of(String tenantId) {
        return PREFIX + tenantId;
    }
}
