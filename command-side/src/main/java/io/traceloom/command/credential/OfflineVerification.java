package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.StrictCanonicalizer;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.FindServiceContext;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A credential of the service verified without the service: the same proofs code and bundled contexts, the key
 * read from its {@code did:key} issuer, nothing fetched. The service's own context is known by the IRI the
 * credential names ({@code <its public base URL>/contexts/traceloom/v1}): its content follows from that IRI alone.
 * For the offline verifier of the audit log, which runs without Spring.
 */
public final class OfflineVerification {

    private OfflineVerification() {
    }

    /** The verification of a credential's JSON text, as {@code POST /credentials/verify} would answer it. */
    public static CredentialVerification verify(String credentialJson, Instant now) {
        JsonObject credential;
        try {
            credential = JsonValues.reader(credentialJson).readObject();
        } catch (JsonException | IllegalStateException e) {
            return new CredentialVerification(List.of(), List.of(), List.of("credential: not a JSON object"));
        }
        ContextDocuments contexts = CredentialConfiguration.contextsServedAt(baseUrl(credential));
        Ed25519Proofs proofs = new Ed25519Proofs(new StrictCanonicalizer(contexts));
        try {
            Ed25519Proofs.Verification verification = proofs.verify(credential, now,
                    WorkBudget.start(Limits.defaults().withTimeout(Duration.ofMinutes(1))));
            return new CredentialVerification(verification.checks(), verification.warnings(), verification.errors());
        } catch (OverLimitException e) {
            return new CredentialVerification(List.of(), List.of(), List.of("credential: " + e.getMessage()));
        }
    }

    /** The public base URL of the service whose context the credential names; any other when it names none. */
    private static String baseUrl(JsonObject credential) {
        JsonValue context = credential.get("@context");
        List<JsonValue> entries = context instanceof jakarta.json.JsonArray array ? array
                : context == null ? List.of() : List.of(context);
        for (JsonValue entry : entries) {
            if (entry instanceof JsonString iri && iri.getString().endsWith(FindServiceContext.PATH)) {
                return iri.getString().substring(0, iri.getString().length() - FindServiceContext.PATH.length());
            }
        }
        return "http://localhost";
    }
}
