package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.AggregateIds;

/** The one audit log of a tenant, in the event store. */
public final class AuditLogs {

    private AuditLogs() {
    }

    public static String idFor(String tenantId) {
        return AggregateIds.tenantScoped("audit-log", tenantId);
    }
}
