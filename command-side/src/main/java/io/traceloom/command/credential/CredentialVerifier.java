package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.VerifyCredential;
import io.traceloom.kernel.message.Rejection;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Verifies a credential from anyone. A query, not a command: it changes nothing and reads no read
 * model; it lives beside the signing code because it is the same cryptography.
 */
@Component
public class CredentialVerifier {

    private final Ed25519Proofs suite;
    private final Limits limits;

    public CredentialVerifier(Ed25519Proofs suite, CommandSideProperties properties) {
        this.suite = suite;
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
            Ed25519Proofs.Verification verification = suite.verify(credential, Instant.now(), budget);
            return new CredentialVerification(verification.checks(), verification.warnings(), verification.errors());
        } catch (OverLimitException e) {
            String field = e.property() == null ? "verifiableCredential" : "verifiableCredential." + e.property();
            return CredentialVerification.refused(Rejection.invalid(field, e.getMessage()));
        }
    }
}
