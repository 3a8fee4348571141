package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.Ed25519Proofs.Expectations;
import io.traceloom.command.credential.Ed25519Proofs.StatusEntry;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.CredentialVerification.StatusReference;
import io.traceloom.kernel.credential.VerifyCredential;
import io.traceloom.kernel.message.Rejection;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Verifies a credential from anyone. A query, not a command: it changes nothing and reads no read
 * model; it lives beside the signing code because it is the same cryptography. The status entries that
 * name this service's lists are handed back for whoever reads the lists to check; those of other services
 * are a warning, since the service fetches nothing from the network.
 */
@Component
public class CredentialVerifier {

    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final Limits limits;

    public CredentialVerifier(Ed25519Proofs suite, ContextDocuments contexts, CommandSideProperties properties) {
        this.suite = suite;
        this.contexts = contexts;
        this.limits = properties.credentials().limits();
    }

    @QueryHandler
    public CredentialVerification handle(VerifyCredential query) {
        WorkBudget budget = WorkBudget.start(limits);
        JsonObject credential;
        try {
            credential = JsonValues.reader(query.credential()).readObject();
        } catch (JsonException | IllegalStateException e) {
            return new CredentialVerification(List.of(), List.of(), List.of("credential: not a JSON object"));
        }
        try {
            Ed25519Proofs.Verification verification = suite.verify(credential, Instant.now(),
                    new Expectations(query.expectedProofPurpose(), query.challenge(), query.domain()), budget);
            List<String> warnings = new ArrayList<>(verification.warnings());
            List<StatusReference> ours = new ArrayList<>();
            for (StatusEntry entry : verification.statuses()) {
                String listId = contexts.statusListId(entry.listCredential());
                if (listId == null) {
                    warnings.add("status: " + InvalidCredentialException.excerpt(entry.listCredential(), 200)
                            + " is not a status list of this service, which fetches none from elsewhere: not checked");
                } else {
                    ours.add(new StatusReference(listId, entry.index(), entry.purpose(), entry.issuer()));
                }
            }
            return new CredentialVerification(verification.checks(), List.copyOf(warnings), verification.errors(),
                    List.copyOf(ours), null);
        } catch (OverLimitException e) {
            String field = e.property() == null ? "verifiableCredential" : "verifiableCredential." + e.property();
            return CredentialVerification.refused(Rejection.invalid(field, e.getMessage()));
        }
    }
}
