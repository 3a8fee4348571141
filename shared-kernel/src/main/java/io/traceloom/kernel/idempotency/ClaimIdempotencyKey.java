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
 * @param location         where the request's resource is read, when the API knew it before sending the command;
 *                         else {@code null}
 * @param resourceId       that resource's id, or {@code null}
 */
public record ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String bytesFingerprint,
                                  String attempt, String location, String resourceId) implements TenantScoped {

    public ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String attempt) {
        this(tenantId, key, fingerprint, null, attempt);
    }

    public ClaimIdempotencyKey(String tenantId, String key, String fingerprint, String bytesFingerprint,
                               String attempt) {
        this(tenantId, key, fingerprint, bytesFingerprint, attempt, null, null);
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
