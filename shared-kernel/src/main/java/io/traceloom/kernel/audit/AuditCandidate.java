package io.traceloom.kernel.audit;

import io.traceloom.kernel.history.RecordedEvent;

/**
 * An event of the store that may be new to its tenant's log.
 *
 * @param eventIdentifier the event's identifier in the store
 * @param position        its position in the store's global order (a tracking token's)
 * @param event           the event as the feed shows it
 */
public record AuditCandidate(String eventIdentifier, long position, RecordedEvent event) {
}
