package io.traceloom.command.linkset;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.linkset.DigitalLinkKeyClaimed;
import io.traceloom.kernel.linkset.DigitalLinkKeyReleased;
import io.traceloom.kernel.linkset.DigitalLinkKeys;
import io.traceloom.kernel.message.Rejection;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One GS1 Digital Link key of the whole service ({@code 01/09506000134352/10/LOT1}) and the link set that
 * holds it, if any. Claimed and released only within a link set's own unit of work ({@link KeyClaims}), never
 * by a command of its own: a key is held exactly while a link set has it.
 */
@Aggregate
public class DigitalLinkKey {

    @AggregateIdentifier
    private String id;
    private String holderTenantId;
    private String holderLinkSetId;

    public DigitalLinkKey() {
        // for Axon, and for the first claim of a key
    }

    /**
     * Takes the key for the tenant's link set, unless another link set holds it: of the same tenant, the
     * answer names it; of another tenant, it says only that the key is taken, since link sets are private.
     */
    void claim(String tenantId, String key, String linkSetId) {
        if (holderLinkSetId != null) {
            if (holderTenantId.equals(tenantId) && holderLinkSetId.equals(linkSetId)) {
                return;
            }
            throw new DomainRejectionException(Rejection.conflict(null, holderTenantId.equals(tenantId)
                    ? "The GS1 Digital Link key " + key + " is taken by your link set '" + holderLinkSetId + "'."
                    : "The GS1 Digital Link key " + key + " is taken."));
        }
        apply(new DigitalLinkKeyClaimed(tenantId, key, linkSetId));
    }

    /** Lets the key go, if this link set holds it. */
    void release(String tenantId, String key, String linkSetId) {
        if (tenantId.equals(holderTenantId) && linkSetId.equals(holderLinkSetId)) {
            apply(new DigitalLinkKeyReleased(tenantId, key, linkSetId));
        }
    }

    @EventSourcingHandler
    void on(DigitalLinkKeyClaimed event) {
        id = DigitalLinkKeys.aggregateId(event.key());
        holderTenantId = event.tenantId();
        holderLinkSetId = event.linkSetId();
    }

    @EventSourcingHandler
    void on(DigitalLinkKeyReleased event) {
        holderTenantId = null;
        holderLinkSetId = null;
    }
}
