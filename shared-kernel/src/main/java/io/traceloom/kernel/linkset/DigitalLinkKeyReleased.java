package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The link set that held the key let it go (it was deleted, or now has another key). */
@Revision("1")
public record DigitalLinkKeyReleased(String tenantId, String key, String linkSetId) implements TenantScoped {
}
