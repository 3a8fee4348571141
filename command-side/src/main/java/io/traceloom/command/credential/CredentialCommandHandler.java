package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.StatusIndexes.Slot;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.ProofSettings;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.ProvideIssuer;
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
 * loading it would lock it, and serialize every issuance of the tenant, signing included. For the same
 * reason status list entries come from {@link StatusIndexes}, which loads the tenant's status lists only
 * once a block of entries.
 */
@Component
public class CredentialCommandHandler {

    private final Repository<Issuer> issuers;
    private final Repository<Credential> credentials;
    private final IssuerKeyStore keys;
    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final StatusIndexes statusIndexes;
    private final TenantSchemas schemas;
    private final Duration validity;
    private final Limits limits;
    private final boolean vcApiStatusByDefault;
    /** Tenant id to recorded DID. */
    private final Map<String, String> recordedIssuers = new ConcurrentHashMap<>();

    public CredentialCommandHandler(Repository<Issuer> issuers, Repository<Credential> credentials,
                                    IssuerKeyStore keys, Ed25519Proofs suite, ContextDocuments contexts,
                                    StatusIndexes statusIndexes, TenantSchemas schemas,
                                    CommandSideProperties properties) {
        this.issuers = issuers;
        this.credentials = credentials;
        this.keys = keys;
        this.suite = suite;
        this.contexts = contexts;
        this.statusIndexes = statusIndexes;
        this.schemas = schemas;
        this.validity = properties.credentials().validity();
        this.limits = properties.credentials().limits();
        this.vcApiStatusByDefault = properties.credentials().vcApiStatusByDefault();
    }

    @CommandHandler
    public String handle(IssueCredential command) throws Exception {
        Issuance issuance = new Issuance(command, contexts, GenericEventMessage.clock.instant());
        // the credential's own work, checking its subject against its schema included, bounded: it must end well
        // before Axon's time limits interrupt it
        WorkBudget budget = WorkBudget.start(limits);
        try {
            String schemaUrl = command.schemaId() == null ? null : satisfiedSchema(command, issuance, budget);
            KeyPair key = key(command.tenantId());
            String issuer = DidKey.did(key.getPublic());
            JsonObject draft = issuance.draft();
            if (issuance.addsProof(draft)) {
                if (Boolean.TRUE.equals(command.withStatus())) {
                    throw new InvalidCredentialException("options.credentialStatus", "the credential is signed "
                            + "already: its status entries are those it was signed with");
                }
                JsonObject signed = issuance.withAnotherProof(draft, issuer, key, suite, budget);
                credentials.newInstance(() -> new Credential(command, signed, null));
            } else {
                boolean withStatus = command.withStatus() != null ? command.withStatus()
                        : !command.composedByClient() || vcApiStatusByDefault;
                JsonObject unsigned = issuance.compose(draft, issuer, validity, schemaUrl, withStatus);
                ProofSettings proof = issuance.proofSettings();
                Slot status = withStatus ? statusIndexes.take(command.tenantId(), issuer) : null;
                JsonObject signed = suite.sign(status == null ? unsigned : issuance.withStatus(unsigned, status), key,
                        proof, budget);
                credentials.newInstance(() -> new Credential(command, signed, status));
            }
        } catch (InvalidCredentialException e) {
            // a client's mistake: the API logs the refusal in one line; made before the aggregate is, as
            // Axon would otherwise log it, stack and all, as a failure to create an aggregate
            throw new DomainRejectionException(Rejection.invalid(issuance.field(e.property()), e.getMessage()));
        }
        return command.credentialId();
    }

    /** The URL of the command's schema, once the subject is known to satisfy it; else the refusal. */
    private String satisfiedSchema(IssueCredential command, Issuance issuance, WorkBudget budget)
            throws InvalidCredentialException {
        SchemaValidation validation = schemas.validate(command.tenantId(), command.schemaId(),
                issuance.subject(), CredentialVerifier.deadline(budget)).orElseThrow(() -> new DomainRejectionException(
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

    /** The tenant's issuer DID, its key created (and recorded) the first time. */
    @CommandHandler
    public String handle(ProvideIssuer command) throws Exception {
        return DidKey.did(key(command.tenantId()).getPublic());
    }

    private KeyPair key(String tenantId) throws Exception {
        String recordedDid = recordedIssuers.get(tenantId);
        if (recordedDid != null) {
            return keys.recorded(tenantId, recordedDid);
        }
        KeyPair key = issuers.loadOrCreate(Issuer.idFor(tenantId), Issuer::new).invoke(issuer -> issuer.key(tenantId, keys));
        String did = DidKey.did(key.getPublic());
        CurrentUnitOfWork.get().afterCommit(unitOfWork -> recordedIssuers.put(tenantId, did));
        return key;
    }
}
