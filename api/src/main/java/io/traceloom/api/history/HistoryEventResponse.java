package io.traceloom.api.history;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.history.RecordedEvent;
import java.time.Instant;

/**
 * One event of a resource's history, as the event store records it.
 *
 * @param data the event as recorded: JSON text from the store's own serializer, written out as it is
 */
@Schema(description = "One event of the resource, as the event store records it.")
public record HistoryEventResponse(
        @Schema(description = "The event's number within its aggregate, from 0.") long sequence,
        @Schema(description = "What happened, e.g. `TradeItemCreated`.") String type,
        @Schema(description = "The revision of the event's shape that `data` has.") String revision,
        @Schema(description = "When it happened.") Instant occurredAt,
        String tenantId,
        @Schema(description = "Who caused it; absent for what the service did by itself.") String userId,
        @Schema(description = "The `X-Request-Id` of the request that caused it.") String requestId,
        @Schema(types = "object", description = "The event as recorded.") @JsonRawValue String data) {

    public static HistoryEventResponse of(RecordedEvent event) {
        return new HistoryEventResponse(event.sequence(), event.type(), event.revision(), event.occurredAt(),
                event.tenantId(), event.userId(), event.requestId(), event.data());
    }
}
