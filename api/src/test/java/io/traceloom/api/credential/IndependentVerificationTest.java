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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A credential no independent verifier accepts is worthless. Digital Bazaar's {@code @digitalbazaar/vc}
 * with the {@code eddsa-rdfc-2022} cryptosuite (pinned in src/test/node, installed from the npm registry
 * with {@code npm ci}) verifies credentials issued by the running service, dereferencing the service's
 * context from the service itself, and issues one that the service's verify endpoint must accept.
 * Needs Node.js and npm; skips with a message where they are missing.
 */
class IndependentVerificationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SOURCES = Path.of("src/test/node");
    private static final Path VERIFIER = Path.of("target/independent-verifier");

    private static Http http;

    @TempDir
    Path work;

    @BeforeAll
    static void installVerifier() throws Exception {
        if (!runs("node", "--version") || !runs("npm", "--version")) {
            String why = "Node.js and npm are not on the PATH; skipping the independent verification with "
                    + "Digital Bazaar's @digitalbazaar/vc";
            System.out.println("IndependentVerificationTest SKIPPED: " + why);
            Assumptions.abort(why);
        }
        Files.createDirectories(VERIFIER);
        for (String file : List.of("package.json", "package-lock.json", "vc.mjs")) {
            Files.copy(SOURCES.resolve(file), VERIFIER.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(VERIFIER.resolve("node_modules/@digitalbazaar/vc"))) {
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
        assertThat(result.output()).contains("\"verified\":true");
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

    @Test
    void theServiceVerifiesWhatDigitalBazaarIssues() throws Exception {
        ObjectNode unsigned = (ObjectNode) issue("{}").deepCopy();
        unsigned.remove("proof");
        unsigned.remove("issuer");

        Result issued = node("issue", unsigned);
        assertThat(issued.exit()).as(issued.output()).isZero();

        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + issued.output().trim() + "}");
        assertThat(verified.status()).isEqualTo(200);
        assertThat(verified.json().get("errors")).as(verified.body()).isEmpty();
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");
    }

    @Test
    void theServiceVerifiesAnEd25519Signature2020Proof() throws Exception {
        ObjectNode unsigned = (ObjectNode) issue("{}").deepCopy();
        unsigned.remove("proof");
        unsigned.remove("issuer");
        String ours = unsigned.get("@context").get(2).asText();
        unsigned.putArray("@context").add("https://www.w3.org/2018/credentials/v1")
                .add("https://w3id.org/security/suites/ed25519-2020/v1").add(ours);

        Result issued = node("issue-2020", unsigned);
        assertThat(issued.exit()).as(issued.output()).isZero();
        assertThat(issued.output()).contains("\"type\":\"Ed25519Signature2020\"");

        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + issued.output().trim() + "}");
        assertThat(verified.json().get("errors")).as(verified.body()).isEmpty();
        assertThat(verified.json().get("checks").toString()).contains("proof").contains("issuer");

        JsonNode tampered = JSON.readTree(issued.output());
        ((ObjectNode) tampered.get("credentialSubject")).put("tenantId", "someone else");
        assertThat(http.post("/credentials/verify", "{\"verifiableCredential\":" + tampered + "}").json()
                .get("errors").toString()).contains("proof:");
    }

    private static JsonNode issue(String body) {
        Response response = http.post("/credentials/issue", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("credential");
    }

    /** Runs the Node verifier; the service's own context is dereferenced from the service. */
    private Result node(String mode, JsonNode credential) throws Exception {
        String contextIri = credential.get("@context").get(credential.get("@context").size() - 1).asText();
        JsonNode contextDocument = http.get("/contexts/traceloom/v1").json();
        Path credentialFile = work.resolve("credential.json");
        Path contextsFile = work.resolve("contexts.json");
        Files.writeString(credentialFile, JSON.writeValueAsString(credential));
        Files.writeString(contextsFile, JSON.writeValueAsString(JSON.createObjectNode().set(contextIri, contextDocument)));
        return run(VERIFIER, 60, "node", "vc.mjs", mode, credentialFile.toAbsolutePath().toString(),
                contextsFile.toAbsolutePath().toString());
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
