package io.traceloom.command.credential;

import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.VerifyCredential;

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

    public CredentialVerifier(Ed25519Proofs suite) {
        this.suite = suite;
    }

    @QueryHandler
    public CredentialVerification handle(VerifyCredential query) {
        JsonObject credential;
        try {
            credential = JsonValues.reader(query.credential()).readObject();
        } catch (JsonException | IllegalStateException e) {
            return new CredentialVerification(List.of(), List.of(), List.of("credential: not a JSON object"));
        }
        Ed25519Proofs.Verification verification = suite.verify(credential, Instant.now());
        return new CredentialVerification(verification.checks(), verification.warnings(), verification.errors());
    }
}
