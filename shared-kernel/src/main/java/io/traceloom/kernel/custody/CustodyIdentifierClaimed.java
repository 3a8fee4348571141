package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A commission of the tenant took the identifier: no other commission of the tenant may have it until released. */
@Revision("1")
public record CustodyIdentifierClaimed(String tenantId, String identifier, String commissionId) implements TenantScoped {
}
