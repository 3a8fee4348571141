package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Appends to a tenant's log the events a reader of the store found that the log does not hold yet. The reader
 * says how far it has read: every position up to {@code readTo}, except {@code gaps} (positions still empty when
 * it passed them, which a late commit may fill), and every event of the tenant it saw there is among the
 * candidates. Answered with the log's {@link AuditLogState}.
 *
 * @param readTo     the reader's position in the store
 * @param gaps       positions below it that it has not read (not committed when it passed)
 * @param candidates the tenant's events it read since its previous command, in the order it read them
 */
public record ExtendAuditLog(String tenantId, @TargetAggregateIdentifier String logId, long readTo, List<Long> gaps,
                             List<AuditCandidate> candidates) implements TenantScoped {

    public ExtendAuditLog {
        gaps = List.copyOf(gaps);
        candidates = List.copyOf(candidates);
    }

    public ExtendAuditLog(String tenantId, long readTo, List<Long> gaps, List<AuditCandidate> candidates) {
        this(tenantId, AuditLogs.idFor(tenantId), readTo, gaps, candidates);
    }
}
