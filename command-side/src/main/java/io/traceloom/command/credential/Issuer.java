package io.traceloom.command.credential;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.kernel.message.AggregateIds;
import java.security.KeyPair;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/** A tenant as the issuer of credentials: its {@code did:key}, recorded when the key pair came to be. */
@Aggregate(cache = "issuerCache")
public class Issuer {

    @AggregateIdentifier
    private String id;
    private String did;

    public Issuer() {
        // for Axon, and for the first credential of a tenant
    }

    public static String idFor(String tenantId) {
        return AggregateIds.tenantScoped("issuer", tenantId);
    }

    /**
     * The tenant's key pair; the first time, its creation is recorded (the public key only). Once
     * recorded, the key is only ever loaded: if its file is gone, this fails rather than make a second
     * DID for the tenant.
     */
    public KeyPair key(String tenantId, IssuerKeyStore keys) {
        if (did == null) {
            KeyPair pair = keys.loadOrCreate(tenantId);
            apply(new IssuerKeyCreated(tenantId, DidKey.did(pair.getPublic())));
            return pair;
        }
        KeyPair pair = keys.recorded(tenantId, did);
        if (!did.equals(DidKey.did(pair.getPublic()))) {
            throw new IllegalStateException("The issuer key store holds another key for tenant " + tenantId
                    + " than the one recorded (" + did + ")");
        }
        return pair;
    }

    @EventSourcingHandler
    void on(IssuerKeyCreated event) {
        id = idFor(event.tenantId());
        did = event.did();
    }
}
