package io.traceloom.api.audit;

import io.traceloom.api.problem.Problems;
import io.traceloom.kernel.audit.AuditLogMismatch;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * The tenant's log no longer matches the event store: no checkpoint is signed over it. 503, with no time to retry
 * after: it lasts until operators have put the store back as it was (health's {@code auditLog} says where).
 */
public class AuditLogMismatchException extends ErrorResponseException {

    public AuditLogMismatchException(AuditLogMismatch mismatch) {
        super(HttpStatus.SERVICE_UNAVAILABLE, Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "audit-log-mismatch",
                "The audit log does not match the event store", "Entry " + mismatch.index() + " of the audit log no "
                        + "longer matches its event in the event store, which was written behind the service's back: "
                        + "no checkpoint is signed until it matches again. Operators are told (health: auditLog)."),
                null);
    }
}
