package io.traceloom.command.credential;

import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.StrictCanonicalizer;
import io.traceloom.command.credential.proof.WorkBudget;
import jakarta.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.UUID;

/**
 * The credential cryptography alone, in one thread (one core), after a warm-up: how many credentials per
 * second it signs, and how many it verifies, a credential as the service issues it (status entry included).
 * Each rate is given per second of wall-clock time and per second of the thread's CPU time: on a shared
 * machine the second is what one core does, whatever else runs. Test code, not the service's: run by
 * {@code bench/run.sh} in a JVM of its own, from the packaged jar with the command side's test classes:
 * {@code java -cp traceloom.jar -Dloader.path=command-side/target/test-classes
 * -Dloader.main=io.traceloom.command.credential.CredentialCryptoBenchmark
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
        ContextDocuments contexts = CredentialConfiguration.contextsServedAt("http://localhost:8080");
        Ed25519Proofs suite = new Ed25519Proofs(new StrictCanonicalizer(contexts));
        KeyPair key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        JsonObject unsigned = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V1)
                        .add(ContextDocuments.DATA_INTEGRITY_V2).add(ContextDocuments.BITSTRING_STATUS_LIST_V1)
                        .add(contexts.traceloomContext()))
                .add("id", "urn:uuid:" + UUID.randomUUID())
                .add("type", JsonValues.array().add(Issuance.VERIFIABLE_CREDENTIAL))
                .add("issuer", DidKey.did(key.getPublic()))
                .add("issuanceDate", "2026-01-01T00:00:00Z")
                .add("credentialSubject", JsonValues.object().add("id", "urn:uuid:" + UUID.randomUUID())
                        .add("product", "Apples").add("lot", JsonValues.object().add("kg", 1200)))
                .add("credentialStatus", JsonValues.object()
                        .add("id", contexts.statusListUrl(UUID.randomUUID().toString()) + "#94567")
                        .add("type", "BitstringStatusListEntry").add("statusPurpose", "revocation")
                        .add("statusListIndex", "94567")
                        .add("statusListCredential", contexts.statusListUrl(UUID.randomUUID().toString())))
                .build();
        Instant now = Instant.now();
        JsonObject signed = null;
        // as many rounds as are measured: on a busy machine the JIT compiler gets little time, and a short
        // warm-up leaves part of the measurement to code that is not compiled yet
        for (int i = 0; i < Math.max(200, count); i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now, budget());
            suite.verify(signed, now, budget());
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long started = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < count; i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now, budget());
        }
        double signSeconds = (System.nanoTime() - started) / 1e9;
        double signCpuSeconds = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
        started = System.nanoTime();
        cpu = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < count; i++) {
            if (!suite.verify(signed, now, budget()).verified()) {
                throw new IllegalStateException("a credential this code signed did not verify");
            }
        }
        double verifySeconds = (System.nanoTime() - started) / 1e9;
        double verifyCpuSeconds = (threads.getCurrentThreadCpuTime() - cpu) / 1e9;
        System.out.printf(java.util.Locale.ROOT, "{\"count\":%d,\"signsPerSecond\":%.1f,\"verifiesPerSecond\":%.1f,"
                        + "\"signsPerCpuSecond\":%.1f,\"verifiesPerCpuSecond\":%.1f}%n", count, count / signSeconds,
                count / verifySeconds, count / signCpuSeconds, count / verifyCpuSeconds);
    }
}
