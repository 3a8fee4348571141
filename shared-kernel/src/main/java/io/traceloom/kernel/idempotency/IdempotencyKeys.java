package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.message.AggregateIds;
import io.traceloom.kernel.message.TenantScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * How a request's {@code Idempotency-Key} travels with its command: as metadata, so that any command can
 * carry one, and the command side claims the key in the same unit of work as the command's own change
 * (both are committed, or neither).
 */
public final class IdempotencyKeys {

    /** The client's key, as sent. */
    public static final String KEY = "idempotencyKey";
    /** What the request was (method, target, body), so a key reused for another request is told apart. */
    public static final String FINGERPRINT = "idempotencyFingerprint";
    /**
     * What the request was by its bytes, when {@link #FINGERPRINT} says it by the meaning of its JSON: keys
     * claimed before are fingerprinted so, and their retries are known by it.
     */
    public static final String BYTES_FINGERPRINT = "idempotencyBytesFingerprint";
    /** This one HTTP request: its commands share the claim, a retry is another attempt. */
    public static final String ATTEMPT = "idempotencyAttempt";

    /**
     * Where the request's resource is read ({@code Location}), as the API knows it before it sends the command: the
     * claim records it, so that a retry whose first attempt made its change but never recorded its answer (a crash
     * between the two, a failed record) is told where the change is.
     */
    public static final String LOCATION = "idempotencyLocation";
    /** The id of that resource, beside {@link #LOCATION}. */
    public static final String RESOURCE_ID = "idempotencyResourceId";

    /** How long a claimed key answers with its first response; after that it may be used again. */
    public static final Duration LIFETIME = Duration.ofHours(24);

    private IdempotencyKeys() {
    }

    /**
     * The one aggregate per (tenant, key). The key is hashed: clients choose it, and up to 255 characters of
     * it would not fit beside the prefix in an aggregate identifier.
     */
    public static String aggregateId(String tenantId, String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return AggregateIds.tenantScoped("idempotency-key", tenantId,
                    Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The claim a command carries in its metadata, if it carries a key. */
    public static Optional<ClaimIdempotencyKey> claimIn(Object command, Map<String, ?> metaData) {
        if (!(command instanceof TenantScoped scoped) || command instanceof RecordIdempotentResponse
                || command instanceof ClaimIdempotencyKey
                || !(metaData.get(KEY) instanceof String key)
                || !(metaData.get(FINGERPRINT) instanceof String fingerprint)
                || !(metaData.get(ATTEMPT) instanceof String attempt)) {
            return Optional.empty();
        }
        Object bytes = metaData.get(BYTES_FINGERPRINT);
        return Optional.of(new ClaimIdempotencyKey(scoped.tenantId(), key, fingerprint,
                bytes instanceof String given ? given : null, attempt,
                metaData.get(LOCATION) instanceof String location ? location : null,
                metaData.get(RESOURCE_ID) instanceof String resourceId ? resourceId : null));
    }
}
