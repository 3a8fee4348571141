package io.traceloom.kernel.history;

import java.time.Instant;

/**
 * One event as the event store holds it, for auditors: what happened ({@code type}, {@code data}), when, to
 * which aggregate, and who caused it in which request (from the event's metadata, absent for what the service
 * did by itself).
 *
 * @param sequence      the event's number within its aggregate (0 for the first)
 * @param type          the event's name, e.g. {@code TradeItemCreated}
 * @param revision      the revision of the event's shape that {@code data} has
 * @param data          the event as JSON object text, as the store records it
 * @param aggregateType the kind of aggregate that recorded it, e.g. {@code TradeItem}
 * @param aggregateId   the aggregate's identifier in the store
 */
public record RecordedEvent(long sequence, String type, String revision, Instant occurredAt, String tenantId,
                            String userId, String requestId, String data, String aggregateType,
                            String aggregateId) {

    /** The metadata key of the user who caused an event. */
    public static final String USER_ID = "userId";
    /** The metadata key of the request that caused an event. */
    public static final String REQUEST_ID = "requestId";
}
