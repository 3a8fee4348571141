package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<LinkSetView>}. */
public record FindLinkSet(String tenantId, String linkSetId) implements TenantScoped {
}
