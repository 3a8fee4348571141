package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Claims a key for one request, within the unit of work of that request's command. Refused, with an
 * {@link IdempotencyRefusal}, while another request holds the key.
 */
public record ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String attempt)
        implements TenantScoped {

    @TargetAggregateIdentifier
    public String keyId() {
        return IdempotencyKeys.aggregateId(tenantId, key);
    }
}
