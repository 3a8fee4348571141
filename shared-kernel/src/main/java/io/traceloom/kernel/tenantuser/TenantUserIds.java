package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.AggregateIds;

/** The aggregates of this feature: one per tenant, one per user of a tenant. */
public final class TenantUserIds {

    private TenantUserIds() {
    }

    /** The registration of a tenant: {@code tenant:<tenant id>}. */
    public static String tenant(String tenantId) {
        return AggregateIds.tenantScoped("tenant", tenantId);
    }

    /** Whether a user could have this id: one an aggregate can be named after (non-empty, without ':'). */
    public static boolean couldName(String userId) {
        return userId != null && !userId.isEmpty() && userId.indexOf(':') < 0;
    }

    /** A user of a tenant: {@code tenant-user:<tenant id>:<user id>}, so another tenant's id addresses nothing. */
    public static String user(String tenantId, String userId) {
        return AggregateIds.tenantScoped("tenant-user", tenantId, userId);
    }
}
