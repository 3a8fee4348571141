package io.traceloom.command.custody;

import io.traceloom.kernel.custody.CustodyIdentifiers;
import java.util.Optional;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Claims, releases and looks up custody commission identifiers, in the caller's unit of work: a claim or
 * release is committed together with the commission's change, or neither is.
 */
@Component
public class IdentifierClaims {

    private final Repository<CustodyIdentifier> identifiers;

    public IdentifierClaims(Repository<CustodyIdentifier> identifiers) {
        this.identifiers = identifiers;
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

    /** The commission of the tenant that holds the identifier now. */
    public Optional<String> holder(String tenantId, String identifier) {
        try {
            return identifiers.load(CustodyIdentifiers.aggregateId(tenantId, identifier))
                    .invoke(CustodyIdentifier::holder);
        } catch (AggregateNotFoundException never) {
            return Optional.empty();
        }
    }
}
