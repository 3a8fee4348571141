package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.message.AggregateIds;

/**
 * The partner tags of a tenant form one catalogue: one aggregate per tenant, so that "a code is unique
 * within a tenant" and "a set is one change" are decided in one consistent place.
 */
public final class PartnerTagCatalogueId {

    private PartnerTagCatalogueId() {
    }

    public static String of(String tenantId) {
        return AggregateIds.tenantScoped("partner-tags", tenantId);
    }
}
