package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.TenantSchemas;
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
    private final TenantSchemas schemas;
    /** Tenant id to recorded DID. */
    private final Map<String, String> recordedIssuers = new ConcurrentHashMap<>();

    public CredentialCommandHandler(Repository<Issuer> issuers, Repository<Credential> credentials,
                                    IssuerKeyStore keys, Ed25519Proofs suite, ContextDocuments contexts,
                                    TenantSchemas schemas, CommandSideProperties properties) {
        this.issuers = issuers;
        this.credentials = credentials;
        this.keys = keys;
        this.suite = suite;
        this.contexts = contexts;
        this.schemas = schemas;
        this.validity = properties.credentials().validity();
        this.limits = properties.credentials().limits();
    }

    @CommandHandler
    public String handle(IssueCredential command) throws Exception {
        String tenantId = command.tenantId();
        String schemaUrl = command.schemaId() == null ? null : satisfiedSchema(command);
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
        JsonObject signed = Credential.signed(command, schemaUrl, key, suite, contexts, validity,
                GenericEventMessage.clock.instant(), WorkBudget.start(limits));
        credentials.newInstance(() -> new Credential(command, signed));
        return command.credentialId();
    }

    /** The URL of the command's schema, once the subject is known to satisfy it; else the refusal. */
    private String satisfiedSchema(IssueCredential command) {
        SchemaValidation validation = schemas.validate(command.tenantId(), command.schemaId(),
                command.credentialSubject()).orElseThrow(() -> new DomainRejectionException(
                Rejection.invalid("schemaId", "There is no schema '" + command.schemaId() + "'.")));
        if (validation.overLimit() != null) {
            throw new DomainRejectionException(Rejection.invalid("credentialSubject",
                    "The subject could not be checked against schema '" + command.schemaId() + "': "
                            + validation.overLimit() + "."));
        }
        if (!validation.violations().isEmpty()) {
            throw new DomainRejectionException(Rejection.invalid("credentialSubject",
                    "The subject does not satisfy schema '" + command.schemaId() + "': "
                            + Violation.summary(validation.violations()), validation.violations()));
        }
        return schemas.urlOf(command.schemaId());
    }
}
