package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.kernel.credential.IssueCredential;
import jakarta.json.JsonObject;
import java.security.KeyPair;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Issuing needs the tenant's key first, which the tenant's {@link Issuer} provides (and records). Once a
 * tenant's key is known to be recorded, the issuer has nothing left to decide, and is not loaded again:
 * loading it would lock it, and serialize every issuance of the tenant, signing included.
 */
@Component
public class CredentialCommandHandler {

    private final Repository<Issuer> issuers;
    private final Repository<Credential> credentials;
    private final IssuerKeyStore keys;
    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final Duration validity;
    private final Limits limits;
    /** Tenant id to recorded DID. */
    private final Map<String, String> recordedIssuers = new ConcurrentHashMap<>();

    public CredentialCommandHandler(Repository<Issuer> issuers, Repository<Credential> credentials,
                                    IssuerKeyStore keys, Ed25519Proofs suite, ContextDocuments contexts,
                                    CommandSideProperties properties) {
        this.issuers = issuers;
        this.credentials = credentials;
        this.keys = keys;
        this.suite = suite;
        this.contexts = contexts;
        this.validity = properties.credentials().validity();
        this.limits = properties.credentials().limits();
    }

    @CommandHandler
    public String handle(IssueCredential command) throws Exception {
        String tenantId = command.tenantId();
        KeyPair key;
        String recordedDid = recordedIssuers.get(tenantId);
        if (recordedDid != null) {
            key = keys.recorded(tenantId, recordedDid);
        } else {
            key = issuers.loadOrCreate(Issuer.idFor(tenantId), Issuer::new).invoke(issuer -> issuer.key(tenantId, keys));
            String did = DidKey.did(key.getPublic());
            CurrentUnitOfWork.get().afterCommit(unitOfWork -> recordedIssuers.put(tenantId, did));
        }
        // the credential's own work, bounded: it must end well before Axon's time limits interrupt it
        JsonObject signed = Credential.signed(command, key, suite, contexts, validity,
                GenericEventMessage.clock.instant(), WorkBudget.start(limits));
        credentials.newInstance(() -> new Credential(command, signed));
        return command.credentialId();
    }
}
