package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.ProofSettings;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.kernel.audit.SignAuditCheckpoint;
import jakarta.json.JsonObject;
import java.security.KeyPair;
import java.time.temporal.ChronoUnit;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Checkpoints of the tenants' audit logs as VC 2.0 credentials, signed by the tenant's issuer as every credential
 * is: {@code eddsa-rdfc-2022}, its recorded {@code did:key}. The subject's terms ({@code AuditLogCheckpoint},
 * {@code treeSize}, {@code rootHash}, {@code time}) are the service's own context's, so strict expansion keeps them
 * all under the signature.
 */
@Component
public class CheckpointCredentials {

    /** The credential's own type, beside {@code VerifiableCredential}. */
    public static final String TYPE = "AuditLogCheckpointCredential";

    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final IssuerKeyStore keys;
    private final Limits limits;

    public CheckpointCredentials(Ed25519Proofs suite, ContextDocuments contexts, IssuerKeyStore keys,
                                 CommandSideProperties properties) {
        this.suite = suite;
        this.contexts = contexts;
        this.keys = keys;
        this.limits = properties.credentials().limits();
    }

    @QueryHandler
    public String handle(SignAuditCheckpoint query) throws InvalidCredentialException {
        KeyPair key = keys.recorded(query.tenantId(), query.issuer());
        String at = query.time().truncatedTo(ChronoUnit.SECONDS).toString();
        JsonObject unsigned = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V2).add(contexts.traceloomContext()))
                .add("type", JsonValues.array().add(Issuance.VERIFIABLE_CREDENTIAL).add(TYPE))
                .add("issuer", query.issuer())
                .add("validFrom", at)
                .add("credentialSubject", JsonValues.object()
                        .add("type", SignAuditCheckpoint.SUBJECT_TYPE)
                        .add("treeSize", query.treeSize())
                        .add("rootHash", query.rootHash())
                        .add("time", at))
                .build();
        return suite.sign(unsigned, key, ProofSettings.assertion(query.time()), WorkBudget.start(limits)).toString();
    }
}
