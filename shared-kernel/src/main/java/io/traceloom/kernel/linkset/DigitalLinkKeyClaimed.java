package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A link set of the tenant took the key: no other link set, of any tenant, may have it until it is released. */
@Revision("1")
public record DigitalLinkKeyClaimed(String tenantId, String key, String linkSetId) implements TenantScoped {
}
