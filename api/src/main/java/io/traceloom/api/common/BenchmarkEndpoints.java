package io.traceloom.api.common;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.command.credential.ContextDocuments;
import io.traceloom.command.credential.DidKey;
import io.traceloom.command.credential.Ed25519Proofs;
import io.traceloom.command.credential.JsonValues;
import io.traceloom.kernel.tradeitem.CreateTradeItem;

import jakarta.json.JsonObject;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.context.annotation.Profile;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Only with the {@code bench} profile (bench/run.sh), never otherwise. The bare GET and POST are the
 * ceilings every figure is compared with: the same server, filters and JSON handling, touching no store.
 * Seeding and the projection-lag probe run inside the service because over HTTP they would measure the
 * client, and read-your-writes hides the lag from clients by design.
 */
@RestController
@Profile("bench")
@RequestMapping(path = "/bench", produces = MediaType.APPLICATION_JSON_VALUE)
public class BenchmarkEndpoints {

    private static final Map<String, Object> CONSTANT = Map.of("id", "bench", "name", "ceiling", "count", 1);

    private final CommandGateway commands;
    private final ReadYourWrites readYourWrites;
    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;

    public BenchmarkEndpoints(CommandGateway commands, ReadYourWrites readYourWrites, Ed25519Proofs suite,
                              ContextDocuments contexts) {
        this.commands = commands;
        this.readYourWrites = readYourWrites;
        this.suite = suite;
        this.contexts = contexts;
    }

    @GetMapping("/bare")
    public Map<String, Object> bareGet() {
        return CONSTANT;
    }

    @PostMapping(path = "/bare", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<JsonNode> barePost(@RequestBody JsonNode body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(body);
    }

    /** Appends {@code items} trade items (tagged with {@code tag} when given), 8 writers at a time. */
    @PostMapping("/seed")
    public Map<String, Object> seed(Caller caller, @RequestParam int items,
                                    @RequestParam(required = false) String tag) throws Exception {
        TrackingToken before = readYourWrites.mark();
        long started = System.nanoTime();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (int i = 0; i < items; i++) {
                String name = "Seeded item " + i;
                written.add(writers.submit(() -> commands.sendAndWait(
                        new CreateTradeItem(caller.tenantId(), UUID.randomUUID().toString(), name, tag))));
            }
            for (Future<?> write : written) {
                write.get();
            }
        } finally {
            writers.shutdown();
        }
        double appendSeconds = (System.nanoTime() - started) / 1e9;
        readYourWrites.awaitEventsSince(before);
        return Map.of("items", items, "appendSeconds", appendSeconds,
                "projectedSeconds", (System.nanoTime() - started) / 1e9);
    }

    /**
     * One write after another: the time from the command's success (its event committed) until every
     * read model shows it, in milliseconds.
     */
    @PostMapping("/projection-lag")
    public Map<String, Object> projectionLag(Caller caller, @RequestParam(defaultValue = "1000") int writes) {
        double[] lags = new double[writes];
        for (int i = 0; i < writes; i++) {
            TrackingToken before = readYourWrites.mark();
            commands.sendAndWait(new CreateTradeItem(caller.tenantId(), UUID.randomUUID().toString(),
                    "Lag probe " + i, null));
            long committed = System.nanoTime();
            readYourWrites.awaitEventsSince(before);
            lags[i] = (System.nanoTime() - committed) / 1e6;
        }
        Arrays.sort(lags);
        return Map.of("writes", writes, "p50Ms", percentile(lags, 0.50), "p99Ms", percentile(lags, 0.99),
                "maxMs", lags[writes - 1]);
    }

    /**
     * The credential cryptography alone, in this one thread (one core), after a warm-up: how many
     * credentials per second it signs, and how many it verifies.
     */
    @PostMapping("/credentials")
    public Map<String, Object> credentialRates(@RequestParam(defaultValue = "2000") int count) throws Exception {
        KeyPair key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        JsonObject unsigned = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V1)
                        .add(ContextDocuments.DATA_INTEGRITY_V2).add(contexts.traceloomContext()))
                .add("id", "urn:uuid:" + UUID.randomUUID())
                .add("type", JsonValues.array().add("VerifiableCredential"))
                .add("issuer", DidKey.did(key.getPublic()))
                .add("issuanceDate", "2026-01-01T00:00:00Z")
                .add("credentialSubject", JsonValues.object().add("id", "urn:uuid:" + UUID.randomUUID())
                        .add("product", "Apples").add("lot", JsonValues.object().add("kg", 1200)))
                .build();
        Instant now = Instant.now();
        JsonObject signed = null;
        for (int i = 0; i < Math.max(200, count / 4); i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now);
            suite.verify(signed, now);
        }
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            signed = suite.sign(unsigned, key.getPrivate(), key.getPublic(), now);
        }
        double signSeconds = (System.nanoTime() - started) / 1e9;
        started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            if (!suite.verify(signed, now).verified()) {
                throw new IllegalStateException("a credential this service signed did not verify");
            }
        }
        double verifySeconds = (System.nanoTime() - started) / 1e9;
        return Map.of("count", count, "signsPerSecond", count / signSeconds, "verifiesPerSecond", count / verifySeconds);
    }

    private static double percentile(double[] sorted, double fraction) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
    }
}
