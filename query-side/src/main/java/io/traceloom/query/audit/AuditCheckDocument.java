package io.traceloom.query.audit;

import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * How far a tenant's log has been checked against the store, shared by every process: not a read model (nothing
 * rebuilds it), a record of checks made.
 *
 * @param verified         entries {@code [0, verified)} were each found to match their event at least once
 * @param rescanned        where the background check's current pass over the whole log is
 * @param mismatchIndex    the first entry found not to match, or {@code null}
 * @param mismatchDetail   what differs there
 * @param mismatchDetected when that was found
 */
@Document(AuditCheckDocument.COLLECTION)
public record AuditCheckDocument(@Id String tenantId, Long verified, Long rescanned, Long mismatchIndex,
                                 String mismatchDetail, Instant mismatchDetected) {

    public static final String COLLECTION = "audit_log_checks";

    public long verifiedSize() {
        return verified == null ? 0 : verified;
    }

    public long rescannedTo() {
        return rescanned == null ? 0 : rescanned;
    }
}
