package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Remembers the answer to the request that claimed the key, for its retries. Ignored for other attempts. */
public record RecordIdempotentResponse(String tenantId, String key, String attempt, RecordedResponse response)
        implements TenantScoped {

    @TargetAggregateIdentifier
    public String keyId() {
        return IdempotencyKeys.aggregateId(tenantId, key);
    }
}
