package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** A link set was deleted; its Digital Link key is free again. */
@Revision("1")
public record LinkSetDeleted(String tenantId, String linkSetId, String key) implements TenantScoped {
}
