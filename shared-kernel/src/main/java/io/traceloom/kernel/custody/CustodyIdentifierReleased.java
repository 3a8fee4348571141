package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The commission that held the identifier was deleted. */
@Revision("1")
public record CustodyIdentifierReleased(String tenantId, String identifier, String commissionId)
        implements TenantScoped {
}
