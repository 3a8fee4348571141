package io.traceloom.api.idempotency;

import io.traceloom.kernel.idempotency.IdempotencyKeys;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * A POST with an {@code Idempotency-Key}, while it is being served: what its commands carry, and what
 * became of them. Kept as a request attribute by {@link IdempotencyFilter}.
 */
final class IdempotentRequest {

    private static final String ATTRIBUTE = IdempotentRequest.class.getName();

    private final String key;
    private final String fingerprint;
    private final String bytesFingerprint;
    private final String attempt = UUID.randomUUID().toString();
    private volatile boolean dispatched;
    private volatile boolean refused;

    /**
     * @param fingerprint      what the request is, as its claim records it
     * @param bytesFingerprint what it is by its bytes, when the fingerprint is of its JSON's meaning; else
     *                         {@code null}
     */
    IdempotentRequest(String key, String fingerprint, String bytesFingerprint) {
        this.key = key;
        this.fingerprint = fingerprint;
        this.bytesFingerprint = bytesFingerprint;
    }

    void attachTo(jakarta.servlet.ServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    /** The request being served on this thread, if it has a key. */
    static IdempotentRequest current() {
        RequestAttributes request = RequestContextHolder.getRequestAttributes();
        return request == null ? null
                : (IdempotentRequest) request.getAttribute(ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
    }

    String key() {
        return key;
    }

    String attempt() {
        return attempt;
    }

    /** The metadata of a command sent for this request; notes that one was sent. */
    Map<String, String> metaDataForCommand() {
        dispatched = true;
        return bytesFingerprint == null
                ? Map.of(IdempotencyKeys.KEY, key, IdempotencyKeys.FINGERPRINT, fingerprint,
                IdempotencyKeys.ATTEMPT, attempt)
                : Map.of(IdempotencyKeys.KEY, key, IdempotencyKeys.FINGERPRINT, fingerprint,
                IdempotencyKeys.BYTES_FINGERPRINT, bytesFingerprint, IdempotencyKeys.ATTEMPT, attempt);
    }

    /** The key was held by an earlier request: this one was answered on its behalf. */
    void refused() {
        refused = true;
    }

    /** Whether a command of this request may have claimed the key, so its answer is to be recorded. */
    boolean mayHoldKey() {
        return dispatched && !refused;
    }
}
