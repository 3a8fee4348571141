package io.traceloom.api.audit;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.history.RecordedEvent;
import java.time.Instant;

/** One event of the tenant's feed: a history's item, and the aggregate that recorded it. */
@Schema(description = "One event of the tenant, as the event store records it.")
public record AuditEventResponse(
        @Schema(description = "The event's number within its aggregate, from 0.") long sequence,
        @Schema(description = "What happened, e.g. `TradeItemCreated`.") String type,
        @Schema(description = "The revision of the event's shape that `data` has.") String revision,
        @Schema(description = "When it happened.") Instant occurredAt,
        String tenantId,
        @Schema(description = "Who caused it; absent for what the service did by itself.") String userId,
        @Schema(description = "The `X-Request-Id` of the request that caused it.") String requestId,
        @Schema(types = "object", description = "The event as recorded.") @JsonRawValue String data,
        @Schema(description = "The kind of aggregate that recorded it, e.g. `TradeItem`.") String aggregateType,
        @Schema(description = "The aggregate's identifier in the event store.") String aggregateId) {

    public static AuditEventResponse of(RecordedEvent event) {
        return new AuditEventResponse(event.sequence(), event.type(), event.revision(), event.occurredAt(),
                event.tenantId(), event.userId(), event.requestId(), event.data(), event.aggregateType(),
                event.aggregateId());
    }
}
