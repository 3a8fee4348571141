package io.traceloom.api.audit;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * One entry of the tenant's audit log, as the API document describes it. It is served in its canonical form (RFC
 * 8785: members sorted, no spaces, members without a value left out), written by the kernel's {@code AuditEntry}:
 * those exact bytes are the entry's leaf input in the log's tree.
 */
@Schema(description = "One entry of the tenant's audit log: an event as the event store records it, at its index. "
        + "Served in its canonical JSON (RFC 8785); SHA-256 of 0x00 followed by those bytes is its leaf hash.")
public record AuditEventResponse(
        @Schema(description = "The entry's position in the tenant's log, from 0; assigned once.") long index,
        @Schema(description = "The event's number within its aggregate, from 0.") long sequence,
        @Schema(description = "What happened, e.g. `TradeItemCreated`.") String type,
        @Schema(description = "The revision of the event's shape that `data` has.") String revision,
        @Schema(description = "When it happened.") Instant occurredAt,
        String tenantId,
        @Schema(description = "Who caused it; absent for what the service did by itself.") String userId,
        @Schema(description = "The `X-Request-Id` of the request that caused it.") String requestId,
        @Schema(types = "object", description = "The event as recorded.") Object data,
        @Schema(description = "The kind of aggregate that recorded it, e.g. `TradeItem`.") String aggregateType,
        @Schema(description = "The aggregate's identifier in the event store.") String aggregateId) {
}
