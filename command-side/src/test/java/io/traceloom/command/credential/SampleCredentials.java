package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.StrictCanonicalizer;
import io.traceloom.command.credential.proof.WorkBudget;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;

/** Credentials as Traceloom issues them, for the tests. */
public final class SampleCredentials {

    public static final String BASE_URL = "https://traceloom.example";
    public static final ContextDocuments CONTEXTS = CredentialConfiguration.contextsServedAt(BASE_URL);
    public static final Ed25519Proofs SUITE = new Ed25519Proofs(new StrictCanonicalizer(CONTEXTS));

    private SampleCredentials() {
    }

    public static KeyPair newKey() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static JsonObjectBuilder unsigned(KeyPair issuer) {
        return Json.createObjectBuilder()
                .add("@context", Json.createArrayBuilder()
                        .add(ContextDocuments.CREDENTIALS_V1)
                        .add(ContextDocuments.DATA_INTEGRITY_V2)
                        .add(CONTEXTS.traceloomContext()))
                .add("id", "urn:uuid:0b7d5b2e-8c44-4a4e-9f3a-2d9e5c1f6a10")
                .add("type", Json.createArrayBuilder().add("VerifiableCredential").add("TraceabilityCredential"))
                .add("issuer", DidKey.did(issuer.getPublic()))
                .add("issuanceDate", "2026-11-22T03:00:00Z")
                .add("expirationDate", "2099-01-01T00:00:00Z")
                .add("credentialSubject", Json.createObjectBuilder()
                        .add("id", "urn:uuid:6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01")
                        .add("product", "Apples, Elstar")
                        .add("lot", Json.createObjectBuilder().add("number", "L-2026-11").add("quantityKg", 1200)));
    }

    public static JsonObject signed(KeyPair issuer) throws InvalidCredentialException {
        return SUITE.sign(unsigned(issuer).build(), issuer.getPrivate(), issuer.getPublic(),
                java.time.Instant.parse("2026-11-22T03:00:00Z"), budget());
    }

    /** Whether the credential verifies now, under the default limits. */
    public static boolean verifiesNow(JsonObject credential) {
        try {
            return SUITE.verify(credential, java.time.Instant.now(), budget()).verified();
        } catch (OverLimitException e) {
            throw new AssertionError(e);
        }
    }

    /** A budget under the default limits, started now. */
    public static WorkBudget budget() {
        return WorkBudget.start(CommandSideProperties.Limits.defaults());
    }
}
