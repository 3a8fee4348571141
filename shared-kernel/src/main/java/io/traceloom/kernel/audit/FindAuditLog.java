package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;

/** How many entries the tenant's log holds: answered with an {@link AuditLogView}, of size 0 when it holds none. */
public record FindAuditLog(String tenantId) implements TenantScoped {
}
