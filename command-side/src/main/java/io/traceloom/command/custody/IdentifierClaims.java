package io.traceloom.command.custody;

import io.traceloom.command.eventstore.CurrentStates;
import io.traceloom.kernel.custody.CustodyIdentifiers;
import java.util.Optional;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Claims, releases and looks up custody commission identifiers, in the caller's unit of work: a claim or
 * release is committed together with the commission's change, or neither is.
 *
 * <p>Locks are taken in one order everywhere: the commission first, then its identifier. A claim and a release
 * are made by a commission that is loaded (and locked) already; a lookup takes no lock at all, so that a consume,
 * which goes from the identifier to the commission, never holds the identifier while it waits for the commission
 * that a delete holds while it waits for the identifier.
 */
@Component
public class IdentifierClaims {

    /** Holders kept between lookups, each proven current against the event store when it is read. */
    private static final int HOLDERS_KEPT = 1_000;

    private final Repository<CustodyIdentifier> identifiers;
    private final CurrentStates<CustodyIdentifier, String> holders;

    public IdentifierClaims(Repository<CustodyIdentifier> identifiers, EventStore events) {
        this.identifiers = identifiers;
        this.holders = new CurrentStates<>(CustodyIdentifier.class, events,
                identifier -> identifier.holder().orElse(null), HOLDERS_KEPT);
    }

    /** @throws io.traceloom.command.rejection.DomainRejectionException (conflict) when another commission holds it */
    public void claim(String tenantId, String identifier, String commissionId) {
        try {
            identifiers.loadOrCreate(CustodyIdentifiers.aggregateId(tenantId, identifier), CustodyIdentifier::new)
                    .execute(claim -> claim.claim(tenantId, identifier, commissionId));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Only an identifier the commission holds is released, so it exists. */
    public void release(String tenantId, String identifier, String commissionId) {
        identifiers.load(CustodyIdentifiers.aggregateId(tenantId, identifier))
                .execute(claim -> claim.release(tenantId, identifier, commissionId));
    }

    /**
     * The commission of the tenant that holds the identifier now, as the event store says, read without the
     * identifier's lock. The holder may withdraw it the next moment: the commission, loaded and locked then,
     * decides (a commission that exists holds its identifier).
     */
    public Optional<String> holder(String tenantId, String identifier) {
        return holders.view(CustodyIdentifiers.aggregateId(tenantId, identifier));
    }
}
