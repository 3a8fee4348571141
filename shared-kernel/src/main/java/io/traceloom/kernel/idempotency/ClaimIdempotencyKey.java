package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Claims a key for one request, within the unit of work of that request's command. Refused, with an
 * {@link IdempotencyRefusal}, while another request holds the key.
 *
 * @param fingerprint      what the request is, as a claim records it (by the meaning of a JSON body)
 * @param bytesFingerprint what the request is by its bytes, as keys claimed before fingerprints of meaning were
 *                         recorded: a retry of such a request is known by it. {@code null} when it is the
 *                         {@code fingerprint} (a body that is not JSON)
 */
public record ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String bytesFingerprint,
                                  String attempt) implements TenantScoped {

    public ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String attempt) {
        this(tenantId, key, fingerprint, null, attempt);
    }

    /** Whether a claim that recorded this fingerprint was made for the same request as this one. */
    public boolean isOf(String recordedFingerprint) {
        return recordedFingerprint.equals(fingerprint) || recordedFingerprint.equals(bytesFingerprint);
    }

    @TargetAggregateIdentifier
    public String keyId() {
        return IdempotencyKeys.aggregateId(tenantId, key);
    }
}
