package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Deletes the link set; its Digital Link key is free again. */
public record DeleteLinkSet(String tenantId, String linkSetId, Long expectedVersion) implements TenantScoped {

    @TargetAggregateIdentifier
    public String aggregateId() {
        return LinkSetIds.of(tenantId, linkSetId);
    }
}
