package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.history.Bookkeeping;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A request took the key: it is recorded together with that request's change. */
@Revision("1")
public record IdempotencyKeyClaimed(String tenantId, String key, String fingerprint, String attempt)
        implements TenantScoped, Bookkeeping {
}
