package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.AggregateIds;

/**
 * A link set's id is chosen by its tenant ({@code PUT /link-sets/{id}}), so it names an aggregate only within
 * the tenant: two tenants may use the same id, and neither can reach or block the other's.
 */
public final class LinkSetIds {

    private LinkSetIds() {
    }

    /** The aggregate (and read-model document) of the tenant's link set with this id; the id has no ':'. */
    public static String of(String tenantId, String linkSetId) {
        return AggregateIds.tenantScoped("link-set", tenantId, linkSetId);
    }
}
