package io.traceloom.kernel.audit;

import java.util.Collection;
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

    /**
     * Whether the log holds every event of the tenant that a reader of the store has read, when the reader has read
     * every position up to {@code readTo} except {@code unread}: then it holds the event the reader has just read,
     * wherever that is, even where the reader cannot tell its position (an event committed late, into a gap).
     */
    public boolean coversAllRead(long readTo, Collection<Long> unread) {
        return readTo <= coveredTo && gaps.stream().allMatch(gap -> gap > readTo || unread.contains(gap));
    }
}
