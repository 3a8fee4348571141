package io.traceloom.kernel.history;

import java.util.List;

/**
 * One page of a resource's events.
 *
 * @param total        the number of its events across all pages
 * @param lastSequence the sequence number of its latest event: it changes exactly when its history grows
 */
public record HistoryPage(List<RecordedEvent> items, long total, long lastSequence) {
}
