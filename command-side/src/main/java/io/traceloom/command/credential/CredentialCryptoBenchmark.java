package io.traceloom.command.credential;

import jakarta.json.JsonObject;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.UUID;

/**
 * The credential cryptography alone, in one thread (one core), after a warm-up: how many credentials per
 * second it signs, and how many it verifies. Run by {@code bench/run.sh} in a JVM of its own, from the
 * packaged jar:
 * {@code java -cp traceloom.jar -Dloader.main=io.traceloom.command.credential.CredentialCryptoBenchmark
 * org.springframework.boot.loader.launch.PropertiesLauncher 2000}. Prints one JSON line.
 */
public final class CredentialCryptoBenchmark {

    private CredentialCryptoBenchmark() {
    }

    private static WorkBudget budget() {
        return WorkBudget.start(io.traceloom.command.config.CommandSideProperties.Limits.defaults());
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        ContextDocuments contexts = new ContextDocuments("http://localhost:8080");
        Ed25519Proofs suite = new Ed25519Proofs(new StrictCanonicalizer(contexts));
        KeyPair key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        JsonObject unsigned = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V1)
                        .add(ContextDocuments.DATA_INTEGRITY_V2).add(contexts.traceloomContext()))
                .add("id", "urn:uuid:" + UUID.randomUUID())
                .add("type", JsonValues.array().add(Issuance.VERIFIABLE_CREDENTIAL))
                .add("issuer", DidKey.did(key.getPublic()))
                .add("issuanceDate", "2026-01-01T00:00:00Z")
                .add("credentialSubject", JsonValues.object().add("id", "urn:uuid:" + UUID.randomUUID())
                        .add("product", "Apples").add("lot", JsonValues.object().add("kg", 1200)))
                .build();
        Instant now = Instant.now();
        JsonObject signed = null;
        for (int i = 0; i < Math.max(200, count / 4); i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now, budget());
            suite.verify(signed, now, budget());
        }
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now, budget());
        }
        double signSeconds = (System.nanoTime() - started) / 1e9;
        started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            if (!suite.verify(signed, now, budget()).verified()) {
                throw new IllegalStateException("a credential this code signed did not verify");
            }
        }
        double verifySeconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("{\"count\":%d,\"signsPerSecond\":%.1f,\"verifiesPerSecond\":%.1f}%n",
                count, count / signSeconds, count / verifySeconds);
    }
}
