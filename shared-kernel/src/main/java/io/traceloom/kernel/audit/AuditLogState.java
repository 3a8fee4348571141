package io.traceloom.kernel.audit;

import java.util.List;

/**
 * What a tenant's log holds: {@code size} entries, and every event of the tenant at a position up to
 * {@code coveredTo} except those at {@code gaps}. Only ever grows: a position once covered stays covered.
 */
public record AuditLogState(long size, long coveredTo, List<Long> gaps) {

    public static final AuditLogState EMPTY = new AuditLogState(0, -1, List.of());

    public AuditLogState {
        gaps = List.copyOf(gaps);
    }

    /** Whether the log holds the tenant's event at this position, if there is one. */
    public boolean covers(long position) {
        return position <= coveredTo && !gaps.contains(position);
    }
}
