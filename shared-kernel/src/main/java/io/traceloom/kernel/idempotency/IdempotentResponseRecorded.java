package io.traceloom.kernel.idempotency;

import io.traceloom.kernel.history.Bookkeeping;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The answer the claiming request got, which its retries get too. */
@Revision("1")
public record IdempotentResponseRecorded(String tenantId, String key, String attempt, RecordedResponse response)
        implements TenantScoped, Bookkeeping {
}
