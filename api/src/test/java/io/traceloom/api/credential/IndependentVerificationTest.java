package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * A credential no independent verifier accepts is worthless. Digital Bazaar's {@code @digitalbazaar/vc}
 * with the {@code eddsa-rdfc-2022} cryptosuite and {@code @digitalbazaar/vc-bitstring-status-list} (pinned in
 * src/test/node, installed from the npm registry with {@code npm ci}) verify credentials issued by the running
 * service (VC 1.1 and 2.0, by both issue endpoints, proof sets and chains), reading the service's context and
 * status lists from the service itself, and see a revocation in the list; they issue credentials (VC 1.1 and
 * 2.0, proof sets, proof chains in the specification's form and in their own) that the service's verify
 * endpoints must accept.
 * Needs Node.js and npm; where they are missing JUnit reports it skipped, saying why.
 */
@EnabledIf(value = "nodeAndNpmRun", disabledReason = "Node.js and npm are not on the PATH: the independent "
        + "verification with Digital Bazaar's @digitalbazaar/vc needs them")
class IndependentVerificationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SOURCES = Path.of("src/test/node");
    private static final Path VERIFIER = Path.of("target/independent-verifier");
    /** The service's public base URL in the tests: what its credentials name. */
    private static final String SERVICE = "http://localhost:8080";

    private static Http http;

    @TempDir
    Path work;

    /** Asked once, by the class's condition. */
    static boolean nodeAndNpmRun() {
        return runs("node", "--version") && runs("npm", "--version");
    }

    @BeforeAll
    static void installVerifier() throws Exception {
        Files.createDirectories(VERIFIER);
        for (String file : List.of("package.json", "package-lock.json", "vc.mjs")) {
            Files.copy(SOURCES.resolve(file), VERIFIER.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(VERIFIER.resolve("node_modules/@digitalbazaar/vc-bitstring-status-list"))) {
            Result install = run(VERIFIER, 300, "npm", "ci", "--no-audit", "--no-fund");
            assertThat(install.exit()).as("npm ci of the verifier: " + install.output()).isZero();
        }
        http = SharedTraceloom.get().http();
    }

    @Test
    void digitalBazaarVerifiesWhatTheServiceIssues() throws Exception {
        JsonNode credential = issue("{\"type\":\"TraceabilityCredential\",\"credentialSubject\":"
                + "{\"id\":\"urn:epc:id:sgtin:4012345.011111.1001\",\"product\":\"Apples\",\"lot\":{\"kg\":1200}}}");

        Result result = node("verify", credential);

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("\"verified\":true").contains("\"revoked\":false");
    }

    @Test
    void digitalBazaarVerifiesAVc2CredentialTheServiceIssuesEitherWay() throws Exception {
        JsonNode spec = issue("{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],\"credentialSubject\":"
                + "{\"id\":\"urn:x:lot-1\",\"product\":\"Apples\"}}");
        assertThat(spec.has("validFrom")).isTrue();
        Result specResult = node("verify", spec);
        assertThat(specResult.exit()).as(specResult.output()).isZero();

        String issuer = http.get("/credentials/issuer").json().get("id").asText();
        Response vcApi = http.post("/vc-api/credentials/issue", "{\"credential\":{\"@context\":["
                + "\"https://www.w3.org/ns/credentials/v2\",\"http://localhost:8080/contexts/traceloom/v1\"],"
                + "\"type\":[\"VerifiableCredential\"],\"issuer\":{\"id\":\"" + issuer + "\",\"name\":\"Orchard\"},"
                + "\"validFrom\":\"2026-01-01T00:00:00Z\",\"credentialSubject\":{\"id\":\"urn:x:lot-2\",\"kg\":7}}}");
        assertThat(vcApi.status()).as(vcApi.body()).isEqualTo(201);
        Result vcApiResult = node("verify", vcApi.json().get("verifiableCredential"));
        assertThat(vcApiResult.exit()).as(vcApiResult.output()).isZero();
    }

    @Test
    void digitalBazaarReadsARevokedCredentialsStatusFromTheServicesList() throws Exception {
        JsonNode credential = issue("{\"credentialSubject\":{\"id\":\"urn:x:lot-3\"}}");
        Result before = node("status", credential);
        assertThat(before.exit()).as(before.output()).isZero();
        assertThat(before.output()).contains("\"revoked\":false");

        String id = credential.get("id").asText();
        assertThat(http.post("/credentials/" + id + "/revoke", "").status()).isEqualTo(201);

        Result after = node("status", credential);
        assertThat(after.exit()).as(after.output()).isZero();
        assertThat(after.output()).contains("\"revoked\":true");
    }

    /** A checkpoint of the audit log is a credential like the others: Digital Bazaar verifies it, and refuses a forged root. */
    @Test
    void digitalBazaarVerifiesACheckpointOfTheAuditLog() throws Exception {
        assertThat(http.post("/trade-items", "{\"name\":\"Checkpointed\"}").status()).isEqualTo(201);
        Response checkpoint = http.get("/audit/checkpoint");
        assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(200);

        Result result = node("verify", checkpoint.json());

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("\"verified\":true");
        ObjectNode forged = checkpoint.json().deepCopy();
        ((ObjectNode) forged.get("credentialSubject")).put("rootHash", "0".repeat(64));
        Result refused = node("verify", forged);
        assertThat(refused.exit()).as(refused.output()).isEqualTo(1);
        assertThat(refused.output()).contains("\"verified\":false");
    }

    @Test
    void digitalBazaarRefusesATamperedCredential() throws Exception {
        ObjectNode credential = (ObjectNode) issue("{\"credentialSubject\":{\"id\":\"urn:uuid:"
                + java.util.UUID.randomUUID() + "\",\"product\":\"Apples\"}}");
        ((ObjectNode) credential.get("credentialSubject")).put("product", "Pears");

        Result result = node("verify", credential);

        assertThat(result.exit()).as(result.output()).isEqualTo(1);
        assertThat(result.output()).contains("\"verified\":false");
    }

    /** An issued credential without what Digital Bazaar's issuer would replace or not know. */
    private static ObjectNode unsigned(String request) {
        ObjectNode unsigned = (ObjectNode) issue(request).deepCopy();
        unsigned.remove(List.of("proof", "issuer", "credentialStatus"));
        return unsigned;
    }

    private static Response verify(String credential) {
        return http.post("/vc-api/credentials/verify", "{\"verifiableCredential\":" + credential + "}");
    }

    @Test
    void theServiceVerifiesWhatDigitalBazaarIssues() throws Exception {
        Result issued = node("issue", unsigned("{}"));
        assertThat(issued.exit()).as(issued.output()).isZero();

        Response verified = verify(issued.output().trim());
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("errors")).as(verified.body()).isEmpty();
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");
    }

    @Test
    void theServiceVerifiesAVc2CredentialDigitalBazaarIssues() throws Exception {
        Result issued = node("issue", unsigned("{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"]}"));
        assertThat(issued.exit()).as(issued.output()).isZero();
        assertThat(issued.output()).contains("\"validFrom\"");

        Response verified = verify(issued.output().trim());
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");
    }

    @Test
    void theServiceVerifiesAProofChainDigitalBazaarIssues() throws Exception {
        Result issued = node("issue-chain", unsigned("{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"]}"));
        assertThat(issued.exit()).as(issued.output()).isZero();
        JsonNode chain = JSON.readTree(issued.output());
        assertThat(chain.get("proof").get(1).get("previousProof").asText()).isEqualTo(chain.get("proof").get(0)
                .get("id").asText());

        Response verified = verify(chain.toString());
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");

        ObjectNode withoutFirst = chain.deepCopy();
        withoutFirst.set("proof", chain.get("proof").get(1));
        Response broken = verify(withoutFirst.toString());
        assertThat(broken.status()).isEqualTo(400);
        assertThat(broken.json().get("errors").toString()).contains("previousProof");
    }

    /**
     * A chain as Digital Bazaar's libraries make it, and the W3C Data Integrity test suites with them: each
     * proof added by {@code vc.issue}, which signs the document without its proofs, the second only naming the
     * first in {@code previousProof}. The specification has the second sign the first too; the service accepts
     * this form, with a warning that the second proof does not cover the first.
     */
    @Test
    void theServiceVerifiesAProofChainAsDigitalBazaarsLibrariesMakeIt() throws Exception {
        Result issued = node("issue-chain-db", unsigned("{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"]}"));
        assertThat(issued.exit()).as(issued.output()).isZero();
        JsonNode chain = JSON.readTree(issued.output());
        assertThat(chain.at("/proof/1/previousProof").asText()).isEqualTo(chain.at("/proof/0/id").asText());

        Response verified = verify(chain.toString());
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("errors")).as(verified.body()).isEmpty();
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");
        assertThat(verified.json().get("warnings").toString()).contains("proof[1]").contains("previousProof");

        ObjectNode firstBroken = chain.deepCopy();
        ((ObjectNode) firstBroken.at("/proof/0")).put("proofValue", chain.at("/proof/1/proofValue").asText());
        Response refused = verify(firstBroken.toString());
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("errors").toString()).contains("proof[0]").contains("proof[1]: the proof it "
                + "follows");

        ObjectNode tampered = chain.deepCopy();
        ((ObjectNode) tampered.get("credentialSubject")).put("id", "urn:x:someone-else");
        assertThat(verify(tampered.toString()).status()).isEqualTo(400);
    }

    @Test
    void theServiceVerifiesAProofSetDigitalBazaarIssues() throws Exception {
        Result issued = node("issue-set", unsigned("{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"]}"));
        assertThat(issued.exit()).as(issued.output()).isZero();
        JsonNode set = JSON.readTree(issued.output());
        assertThat(set.get("proof").size()).isEqualTo(2);
        assertThat(set.at("/proof/1").has("previousProof")).isFalse();

        Response verified = verify(set.toString());
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("errors")).as(verified.body()).isEmpty();
        assertThat(verified.json().get("warnings")).as(verified.body()).isEmpty();
    }

    /** Two proofs of the service's issuer, neither naming the other: Digital Bazaar verifies each. */
    @Test
    void digitalBazaarVerifiesAProofSetTheServiceIssues() throws Exception {
        JsonNode first = vcApiIssue(vcApiCredential("urn:x:set"), null);
        JsonNode set = vcApiIssue(first, null);
        assertThat(set.get("proof").size()).isEqualTo(2);

        Result result = node("verify", set);

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("\"proofs\":[true,true]");
    }

    /**
     * A chain the service makes signs the proof it follows, as Data Integrity specifies. Digital Bazaar's
     * jsonld-signatures has no chain algorithm (its ProofChain is empty; each proof is verified against the
     * document without any proof), so the cross-check runs the specification's algorithm with Digital Bazaar's
     * suite: each proof verified against the document with the proofs its previousProof names.
     */
    @Test
    void digitalBazaarVerifiesAProofChainTheServiceIssues() throws Exception {
        JsonNode first = vcApiIssue(vcApiCredential("urn:x:chain"), null);
        JsonNode chain = vcApiIssue(first, "{\"previousProof\":\"" + first.at("/proof/id").asText() + "\"}");
        assertThat(chain.at("/proof/1/previousProof").asText()).isEqualTo(first.at("/proof/id").asText());

        Result result = node("verify-chain", chain);

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("\"proofs\":[true,true]");
        ObjectNode tampered = chain.deepCopy();
        ((ObjectNode) tampered.at("/proof/0")).put("created", "2020-01-01T00:00:00Z");
        Result refused = node("verify-chain", tampered);
        assertThat(refused.exit()).as(refused.output()).isEqualTo(1);
        assertThat(refused.output()).contains("\"proofs\":[false,false]");
    }

    private static ObjectNode vcApiCredential(String subject) {
        ObjectNode credential = JSON.createObjectNode();
        credential.putArray("@context").add("https://www.w3.org/ns/credentials/v2");
        credential.putArray("type").add("VerifiableCredential");
        credential.put("issuer", http.get("/credentials/issuer").json().get("id").asText());
        credential.putObject("credentialSubject").put("id", subject);
        return credential;
    }

    private static JsonNode vcApiIssue(JsonNode credential, String options) {
        Response response = http.post("/vc-api/credentials/issue", "{\"credential\":" + credential
                + (options == null ? "" : ",\"options\":" + options) + "}");
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("verifiableCredential");
    }

    @Test
    void theServiceVerifiesAnEd25519Signature2020Proof() throws Exception {
        ObjectNode unsigned = unsigned("{}");
        String ours = unsigned.get("@context").get(unsigned.get("@context").size() - 1).asText();
        unsigned.putArray("@context").add("https://www.w3.org/2018/credentials/v1")
                .add("https://w3id.org/security/suites/ed25519-2020/v1").add(ours);

        Result issued = node("issue-2020", unsigned);
        assertThat(issued.exit()).as(issued.output()).isZero();
        assertThat(issued.output()).contains("\"type\":\"Ed25519Signature2020\"");

        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + issued.output().trim() + "}");
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");

        JsonNode tampered = JSON.readTree(issued.output());
        ((ObjectNode) tampered.get("credentialSubject")).put("tenantId", "someone else");
        Response refused = http.post("/credentials/verify", "{\"verifiableCredential\":" + tampered + "}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").toString()).contains("proof:");
    }

    private static JsonNode issue(String body) {
        Response response = http.post("/credentials/issue", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("credential");
    }

    /**
     * Runs the Node verifier. What the service serves is given to it as documents under the URLs the
     * credential names (the service's public base URL, not the test's port): its context, and the
     * credential's status list, fetched from the service.
     */
    private Result node(String mode, JsonNode credential) throws Exception {
        ObjectNode documents = JSON.createObjectNode();
        documents.set(SERVICE + "/contexts/traceloom/v1", http.get("/contexts/traceloom/v1").json());
        JsonNode list = credential.at("/credentialStatus/statusListCredential");
        if (list.isTextual() && list.asText().startsWith(SERVICE)) {
            Response served = http.get(list.asText().substring(SERVICE.length()));
            assertThat(served.status()).as(served.body()).isEqualTo(200);
            documents.set(list.asText(), served.json());
        }
        Path credentialFile = work.resolve("credential.json");
        Path documentsFile = work.resolve("documents.json");
        Files.writeString(credentialFile, JSON.writeValueAsString(credential));
        Files.writeString(documentsFile, JSON.writeValueAsString(documents));
        return run(VERIFIER, 60, "node", "vc.mjs", mode, credentialFile.toAbsolutePath().toString(),
                documentsFile.toAbsolutePath().toString());
    }

    private record Result(int exit, String output) {
    }

    private static boolean runs(String... command) {
        try {
            return run(Path.of("."), 30, command).exit() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static Result run(Path directory, int seconds, String... command) throws IOException, InterruptedException {
        // stderr (npm's and node's warnings) is dropped so that stdout stays the JSON the script prints
        Process process = new ProcessBuilder(command).directory(directory.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Result(-1, "timed out: " + String.join(" ", command));
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
