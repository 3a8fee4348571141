package io.traceloom.api.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.command.credential.OfflineVerification;
import io.traceloom.kernel.audit.canonical.Jcs;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.MerkleTree;
import io.traceloom.kernel.audit.merkle.SubtreeHashes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tenant's audit log over real HTTP: the feed in index order, each entry in its canonical form; checkpoints
 * signed by the tenant's issuer over the root an auditor computes from the export; RFC 9162 proofs that verify with
 * the RFC's algorithms; and the offline verifier, which accepts all of it and refuses what does not hold.
 */
class AuditLogApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Http http = SharedTraceloom.get().http();

    @TempDir
    Path files;

    @Test
    void theFeedIsTheLogInIndexOrderEachEntryInItsCanonicalForm() {
        String name = SharedTraceloom.unique("Quince");
        assertThat(http.post("/trade-items", "{\"name\":\"" + name + "\"}", "Idempotency-Key",
                SharedTraceloom.unique("key")).status()).isEqualTo(201);

        List<String> lines = awaitLog(http, log -> log.stream().anyMatch(line -> line.contains(name)));

        for (int index = 0; index < lines.size(); index++) {
            String line = lines.get(index);
            JsonNode entry = parse(line);
            assertThat(entry.get("index").asLong()).as(line).isEqualTo(index);
            assertThat(Jcs.canonicalize(line)).as("served canonical").isEqualTo(line);
            assertThat(entry.get("type").asText()).as("bookkeeping is in no feed")
                    .isNotIn("AuditLogExtended", "IdempotencyKeyClaimed", "IdempotentResponseRecorded");
        }
        JsonNode created = lines.stream().filter(line -> line.contains(name)).map(AuditLogApiTest::parse)
                .findFirst().orElseThrow();
        assertThat(created.get("type").asText()).isEqualTo("TradeItemCreated");
        assertThat(iterable(created.fieldNames())).containsExactly("aggregateId", "aggregateType", "data", "index",
                "occurredAt", "requestId", "revision", "sequence", "tenantId", "type", "userId");

        long index = created.get("index").asLong();
        Response page = http.get("/audit/events?limit=1&page=" + (index + 1));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).as("a page of the whole log starts at its index").isEqualTo("[" + lines.get((int) index) + "]");
        Response filtered = http.get("/audit/events?type=TradeItemCreated&limit=100");
        assertThat(filtered.json()).isNotEmpty().allSatisfy(entry -> {
            assertThat(entry.get("type").asText()).isEqualTo("TradeItemCreated");
            assertThat(parse(lines.get(entry.get("index").asInt()))).as("an entry keeps its index in a selection")
                    .isEqualTo(entry);
        });
    }

    @Test
    void aCheckpointIsSignedByTheTenantsIssuerOverTheRootOfTheExport() {
        http.post("/trade-items", "{\"name\":\"Checked\"}");
        awaitLog(http, log -> !log.isEmpty());

        Response checkpoint = http.get("/audit/checkpoint");

        assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(200);
        JsonNode credential = checkpoint.json();
        assertThat(credential.get("issuer").asText()).isEqualTo(http.get("/credentials/issuer").json().get("id").asText());
        assertThat(credential.at("/proof/cryptosuite").asText()).isEqualTo("eddsa-rdfc-2022");
        JsonNode subject = credential.get("credentialSubject");
        assertThat(subject.get("type").asText()).isEqualTo("AuditLogCheckpoint");
        assertThat(subject.get("time").asText()).isEqualTo(credential.get("validFrom").asText());
        long treeSize = subject.get("treeSize").asLong();
        List<String> export = export(http);
        assertThat(export.size()).isGreaterThanOrEqualTo((int) treeSize);
        assertThat(subject.get("rootHash").asText()).isEqualTo(root(export, treeSize));
        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}");
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);

        JsonNode first = http.get("/audit/checkpoint?treeSize=1").json().get("credentialSubject");
        assertThat(first.get("treeSize").asLong()).isEqualTo(1);
        assertThat(first.get("rootHash").asText())
                .isEqualTo(MerkleHashes.hex(MerkleHashes.leaf(export.get(0).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void proofsVerifyWithTheRfcsAlgorithmsAndTheOfflineVerifierAcceptsTheLog() throws IOException {
        http.post("/trade-items", "{\"name\":\"Before\"}");
        awaitLog(http, log -> !log.isEmpty());
        String older = http.get("/audit/checkpoint").body();
        long from = parse(older).at("/credentialSubject/treeSize").asLong();
        String name = SharedTraceloom.unique("After");
        http.post("/trade-items", "{\"name\":\"" + name + "\"}");
        awaitLog(http, log -> log.stream().anyMatch(line -> line.contains(name)));
        String newer = http.get("/audit/checkpoint").body();
        long to = parse(newer).at("/credentialSubject/treeSize").asLong();
        byte[] root = MerkleHashes.fromHex(parse(newer).at("/credentialSubject/rootHash").asText());
        List<String> export = export(http);
        assertThat(to).isGreaterThan(from);

        for (long index = Math.max(0, to - 40); index < to; index++) {
            JsonNode proof = http.get("/audit/proofs/inclusion?index=" + index + "&treeSize=" + to).json();
            byte[] leaf = MerkleHashes.leaf(export.get((int) index).getBytes(StandardCharsets.UTF_8));
            assertThat(proof.get("leafHash").asText()).isEqualTo(MerkleHashes.hex(leaf));
            assertThat(proof.get("index").asLong()).isEqualTo(index);
            assertThat(proof.get("treeSize").asLong()).isEqualTo(to);
            assertThat(MerkleTree.verifyInclusion(index, to, leaf, hashes(proof.get("auditPath")), root))
                    .as("inclusion of " + index).isTrue();
        }
        JsonNode consistency = http.get("/audit/proofs/consistency?from=" + from + "&to=" + to).json();
        assertThat(consistency.get("from").asLong()).isEqualTo(from);
        assertThat(MerkleTree.verifyConsistency(from, to,
                MerkleHashes.fromHex(parse(older).at("/credentialSubject/rootHash").asText()), root,
                hashes(consistency.get("consistencyPath")))).isTrue();
        assertThat(http.get("/audit/proofs/consistency?from=" + to + "&to=" + to).json().get("consistencyPath"))
                .isEmpty();

        Path log = write("feed.ndjson", String.join("\n", export) + "\n");
        Path newerFile = write("newer.json", newer);
        Path olderFile = write("older.json", older);
        Run ok = verify("--log", log, "--checkpoint", newerFile, "--previous", olderFile);
        assertThat(ok.exit()).as(ok.output()).isZero();
        assertThat(ok.output()).contains("is a prefix of");
        Run swapped = verify("--log", log, "--checkpoint", olderFile, "--previous", newerFile);
        assertThat(swapped.exit()).as(swapped.output()).isEqualTo(1);
        assertThat(swapped.output()).contains("is larger than");
        Run someoneElse = verify("--log", log, "--checkpoint", newerFile, "--issuer", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK");
        assertThat(someoneElse.exit()).isEqualTo(1);
        assertThat(someoneElse.output()).contains("not by did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK");
        Run forged = verify("--log", log, "--checkpoint", write("forged.json",
                newer.replace(parse(newer).at("/credentialSubject/rootHash").asText(), "0".repeat(64))));
        assertThat(forged.exit()).isEqualTo(1);
        assertThat(forged.output()).contains("is not a verifiable credential");
        Run usage = verify("--log", log);
        assertThat(usage.exit()).isEqualTo(2);
    }

    @Test
    void sizesBeyondTheLogAndWordsAreRefusedWith400() {
        http.post("/trade-items", "{\"name\":\"Bounds\"}");
        awaitLog(http, log -> !log.isEmpty());
        long size = export(http).size();
        Map<String, String> refused = Map.ofEntries(
                Map.entry("/audit/checkpoint?treeSize=" + (size + 1_000_000), "treeSize"),
                Map.entry("/audit/checkpoint?treeSize=-1", "treeSize"),
                Map.entry("/audit/checkpoint?treeSize=99999999999999999999", "treeSize"),
                Map.entry("/audit/checkpoint?treeSize=ten", "treeSize"),
                Map.entry("/audit/proofs/inclusion?index=" + size + "&treeSize=" + size, "index"),
                Map.entry("/audit/proofs/inclusion?index=0&treeSize=0", "treeSize"),
                Map.entry("/audit/proofs/inclusion?treeSize=1", "index"),
                Map.entry("/audit/proofs/inclusion?index=1.5", "index"),
                Map.entry("/audit/proofs/consistency?from=0&to=1", "from"),
                Map.entry("/audit/proofs/consistency?from=2&to=1", "from"),
                Map.entry("/audit/proofs/consistency?from=1&to=" + (size + 1_000_000), "to"),
                Map.entry("/audit/proofs/consistency?to=1", "from"));
        refused.forEach((path, field) -> {
            Response response = http.get(path);
            assertThat(response.status()).as(path + ": " + response.body()).isEqualTo(400);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.json().at("/errors/0/field").asText()).as(path).isEqualTo(field);
        });
    }

    /** The lines of the tenant's export once {@code ready} holds of them (the log follows writes by itself). */
    static List<String> awaitLog(Http http, Predicate<List<String>> ready) {
        return AuditFeeds.await(http, "", ready);
    }

    static List<String> export(Http http) {
        return AuditFeeds.export(http, "");
    }

    /** The root of the first {@code size} entries of an export, as an auditor computes it. */
    static String root(List<String> export, long size) {
        List<byte[]> leaves = export.subList(0, (int) size).stream()
                .map(line -> MerkleHashes.leaf(Jcs.canonicalize(line).getBytes(StandardCharsets.UTF_8))).toList();
        List<List<byte[]>> levels = new ArrayList<>();
        levels.add(leaves);
        while (levels.get(levels.size() - 1).size() > 1) {
            List<byte[]> below = levels.get(levels.size() - 1);
            List<byte[]> level = new ArrayList<>();
            for (int i = 0; i + 1 < below.size(); i += 2) {
                level.add(MerkleHashes.node(below.get(i), below.get(i + 1)));
            }
            levels.add(level);
        }
        SubtreeHashes tree = (level, index) -> levels.get(level).get((int) index);
        return MerkleHashes.hex(MerkleTree.root(tree, size));
    }

    record Run(int exit, String output) {
    }

    static Run verify(Object... arguments) {
        List<String> args = new ArrayList<>(List.of("verify"));
        for (Object argument : arguments) {
            args.add(argument.toString());
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            int exit = AuditVerifier.run(args.toArray(String[]::new), out, out, OfflineVerification::verify);
            return new Run(exit, output.toString(StandardCharsets.UTF_8));
        }
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(files.resolve(name), content);
    }

    private static List<byte[]> hashes(JsonNode array) {
        List<byte[]> hashes = new ArrayList<>();
        array.forEach(hash -> hashes.add(MerkleHashes.fromHex(hash.asText())));
        return hashes;
    }

    private static <T> List<T> iterable(java.util.Iterator<T> iterator) {
        List<T> items = new ArrayList<>();
        iterator.forEachRemaining(items::add);
        return items;
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
