package io.traceloom.kernel.audit;

import java.util.List;

/**
 * What the checks of the logs against the store have found.
 *
 * @param mismatches the first mismatching entry of each tenant's log that has one
 * @param checked    entries checked against their events since this process started
 */
public record AuditLogIntegrity(List<AuditLogMismatch> mismatches, long checked) {
}
