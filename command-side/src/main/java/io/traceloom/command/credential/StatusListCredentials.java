package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.ProofSettings;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.kernel.credential.SignStatusList;
import io.traceloom.kernel.credential.StatusListView;
import jakarta.json.JsonObject;
import java.security.KeyPair;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Status list credentials (W3C Bitstring Status List, as a VC 2.0 credential), signed by the list's issuer.
 * Derived data, like a read model: made from the list as the read model holds it, dated by its last change
 * so that one version always signs to the same credential; the latest of each list is kept, since verifiers
 * ask for a list far more often than it changes.
 */
@Component
public class StatusListCredentials {

    private static final int CACHED_LISTS = 1024;

    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final IssuerKeyStore keys;
    private final Limits limits;
    private final Map<String, Signed> latest = new ConcurrentHashMap<>();

    private record Signed(long version, String credential) {
    }

    public StatusListCredentials(Ed25519Proofs suite, ContextDocuments contexts, IssuerKeyStore keys,
                                 CommandSideProperties properties) {
        this.suite = suite;
        this.contexts = contexts;
        this.keys = keys;
        this.limits = properties.credentials().limits();
    }

    @QueryHandler
    public String handle(SignStatusList query) throws InvalidCredentialException {
        StatusListView list = query.list();
        Signed cached = latest.get(list.listId());
        if (cached != null && cached.version() == list.version()) {
            return cached.credential();
        }
        KeyPair key = keys.recorded(query.tenantId(), list.issuer());
        String url = contexts.statusListUrl(list.listId());
        String at = list.updatedAt().truncatedTo(ChronoUnit.SECONDS).toString();
        JsonObject unsigned = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V2))
                .add("id", url)
                .add("type", JsonValues.array().add(Issuance.VERIFIABLE_CREDENTIAL).add("BitstringStatusListCredential"))
                .add("issuer", list.issuer())
                .add("validFrom", at)
                .add("credentialSubject", JsonValues.object()
                        .add("id", url + "#list")
                        .add("type", "BitstringStatusList")
                        .add("statusPurpose", list.purpose())
                        .add("encodedList", list.encodedList()))
                .build();
        String signed = suite.sign(unsigned, key, ProofSettings.assertion(list.updatedAt()), WorkBudget.start(limits))
                .toString();
        if (latest.size() >= CACHED_LISTS) {
            latest.clear();
        }
        latest.put(list.listId(), new Signed(list.version(), signed));
        return signed;
    }
}
