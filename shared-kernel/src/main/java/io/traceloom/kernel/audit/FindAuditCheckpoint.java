package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;

/**
 * The root of the tenant's tree over its first {@code treeSize} entries (at most its size), once the entries it
 * covers that were not checked yet are found to match their events in the store. Answered with an
 * {@link AuditCheckpointView}.
 */
public record FindAuditCheckpoint(String tenantId, long treeSize) implements TenantScoped {
}
