package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** An unconsumed commission was withdrawn; its identifier is free again. */
@Revision("1")
public record CustodyCommissionDeleted(String tenantId, String commissionId, String identifier)
        implements TenantScoped {
}
