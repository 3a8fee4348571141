package io.traceloom.kernel.audit;

import java.time.Instant;

/**
 * An entry of a tenant's log whose event in the store is no longer what was appended: the store was written behind
 * the service's back.
 *
 * @param index  the first such entry found
 * @param detail what differs, for operators
 */
public record AuditLogMismatch(String tenantId, long index, String detail, Instant detectedAt) {
}
