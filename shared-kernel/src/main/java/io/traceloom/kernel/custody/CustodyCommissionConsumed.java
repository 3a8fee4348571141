package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * A registered consumer took the custody: it happens once per commission, ever. When is the event's
 * timestamp.
 */
@Revision("1")
public record CustodyCommissionConsumed(String tenantId, String commissionId, String identifier, String consumedBy)
        implements TenantScoped {
}
