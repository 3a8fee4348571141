package io.traceloom.command.custody;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.custody.CustodyIdentifierClaimed;
import io.traceloom.kernel.custody.CustodyIdentifierReleased;
import io.traceloom.kernel.custody.CustodyIdentifiers;
import io.traceloom.kernel.message.Rejection;
import java.util.Optional;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One identifier of custody commissions in one tenant, and the commission that holds it, if any. Claimed and
 * released only within a commission's own unit of work ({@link IdentifierClaims}), never by a command of its
 * own: an identifier is held exactly while a commission has it.
 */
@Aggregate
public class CustodyIdentifier {

    @AggregateIdentifier
    private String id;
    private String holder;

    public CustodyIdentifier() {
        // for Axon, and for the first claim of an identifier
    }

    void claim(String tenantId, String identifier, String commissionId) {
        if (holder != null) {
            if (holder.equals(commissionId)) {
                return;
            }
            throw new DomainRejectionException(Rejection.conflict("identifier",
                    "A custody commission with identifier '" + identifier + "' already exists."));
        }
        apply(new CustodyIdentifierClaimed(tenantId, identifier, commissionId));
    }

    void release(String tenantId, String identifier, String commissionId) {
        if (commissionId.equals(holder)) {
            apply(new CustodyIdentifierReleased(tenantId, identifier, commissionId));
        }
    }

    /** The commission that holds the identifier now. */
    Optional<String> holder() {
        return Optional.ofNullable(holder);
    }

    @EventSourcingHandler
    void on(CustodyIdentifierClaimed event) {
        id = CustodyIdentifiers.aggregateId(event.tenantId(), event.identifier());
        holder = event.commissionId();
    }

    @EventSourcingHandler
    void on(CustodyIdentifierReleased event) {
        holder = null;
    }
}
