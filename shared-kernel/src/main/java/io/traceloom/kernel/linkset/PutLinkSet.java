package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates the tenant's link set with this id, or replaces it (its id never changes).
 *
 * @param identifier      a GS1 Digital Link primary key as sent, {@code 01/09506000134352}
 * @param qualifier       its key qualifiers as sent, {@code 10/LOT1}, or empty
 * @param itemDescription what the linkset says the item is, or {@code null} for the first link's title
 * @param links           the links; the first is the default link
 * @param expectedVersion the version the caller last saw (from an {@code If-Match}), or {@code null}
 */
public record PutLinkSet(String tenantId, String linkSetId, String identifier, String qualifier,
                         String itemDescription, List<LinkInput> links, Long expectedVersion) implements TenantScoped {

    public PutLinkSet {
        links = List.copyOf(links);
    }

    @TargetAggregateIdentifier
    public String aggregateId() {
        return LinkSetIds.of(tenantId, linkSetId);
    }
}
