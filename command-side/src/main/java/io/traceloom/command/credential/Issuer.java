package io.traceloom.command.credential;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

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

    /** The tenant's key pair; the first time, its creation is recorded (the public key only). */
    public KeyPair key(String tenantId, IssuerKeyStore keys) {
        KeyPair pair = keys.loadOrCreate(tenantId);
        String keyDid = DidKey.did(pair.getPublic());
        if (did == null) {
            apply(new IssuerKeyCreated(tenantId, keyDid));
        } else if (!did.equals(keyDid)) {
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
