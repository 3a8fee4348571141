package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The W3C CCG VC-API as its clients use it, over HTTP: issue with {@code {credential, options}} (201
 * {@code {verifiableCredential}}), verify with {@code {verifiableCredential, options}}: 200 when it verifies,
 * 400 with the same body when it does not, for each way a credential can fail; the caller's issuer.
 */
class VcApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String V1 = "https://www.w3.org/2018/credentials/v1";
    private static final String V2 = "https://www.w3.org/ns/credentials/v2";
    private static final String OURS = "http://localhost:8080/contexts/traceloom/v1";
    private static Http http;
    private static String issuer;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
        issuer = http.get("/credentials/issuer").json().get("id").asText();
    }

    private static ObjectNode credential(String version) {
        ObjectNode credential = JSON.createObjectNode();
        credential.putArray("@context").add(version).add(OURS);
        credential.putArray("type").add("VerifiableCredential").add("TraceabilityCredential");
        credential.put("issuer", issuer);
        credential.putObject("credentialSubject").put("id", "urn:epc:id:sgtin:4012345.011111.1001")
                .put("product", "Apples");
        return credential;
    }

    private static Response issue(JsonNode credential, String options) {
        return http.post("/vc-api/credentials/issue", "{\"credential\":" + credential
                + (options == null ? "" : ",\"options\":" + options) + "}");
    }

    private static ObjectNode issued(JsonNode credential) {
        Response response = issue(credential, null);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return (ObjectNode) response.json().get("verifiableCredential");
    }

    private static Response verify(JsonNode credential, String options) {
        return http.post("/vc-api/credentials/verify", "{\"verifiableCredential\":" + credential
                + (options == null ? "" : ",\"options\":" + options) + "}");
    }

    /** A failed verification: 400, the verification as the body, an error of this check. */
    private static void assertFails(Response verification, String check) {
        assertThat(verification.status()).as(verification.body()).isEqualTo(400);
        assertThat(verification.contentType()).startsWith("application/json");
        List<String> errors = new ArrayList<>();
        verification.json().get("errors").forEach(error -> errors.add(error.asText()));
        assertThat(errors).as(verification.body()).anyMatch(error -> error.startsWith(check + ":"));
        assertThat(verification.json().has("checks")).isTrue();
        assertThat(verification.json().has("warnings")).isTrue();
    }

    private static void assertRefused(Response response, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().at("/errors/0/field").asText()).as(response.body()).isEqualTo(field);
    }

    private static ObjectNode with(ObjectNode credential, String pointer, JsonNode value) {
        ObjectNode copy = credential.deepCopy();
        int slash = pointer.lastIndexOf('/');
        ((ObjectNode) copy.at(pointer.substring(0, slash))).set(pointer.substring(slash + 1), value);
        return copy;
    }

    @Test
    void theCallersIssuerIsItsDidKeyWithItsDocument() {
        Response response = http.get("/credentials/issuer");

        assertThat(response.status()).isEqualTo(200);
        JsonNode answer = response.json();
        assertThat(answer.get("id").asText()).startsWith("did:key:z6Mk").isEqualTo(issuer);
        String key = issuer.substring("did:key:".length());
        assertThat(answer.get("verificationMethod").asText()).isEqualTo(issuer + "#" + key);
        JsonNode document = answer.get("didDocument");
        assertThat(document.get("id").asText()).isEqualTo(issuer);
        assertThat(document.at("/verificationMethod/0/type").asText()).isEqualTo("Multikey");
        assertThat(document.at("/verificationMethod/0/publicKeyMultibase").asText()).isEqualTo(key);
        assertThat(document.at("/assertionMethod/0").asText()).isEqualTo(issuer + "#" + key);
        assertThat(http.post("/credentials/issue", "{}").json().at("/credential/issuer").asText()).isEqualTo(issuer);
    }

    @Test
    void aClientsVc2CredentialIsIssuedAsComposed() {
        ObjectNode credential = credential(V2);
        credential.putObject("issuer").put("id", issuer).put("name", "Orchard");
        credential.put("validFrom", "2026-01-01T00:00:00Z");

        Response response = issue(credential, "{\"created\":\"2026-02-01T00:00:00Z\",\"challenge\":\"c-1\","
                + "\"domain\":\"example.org\",\"credentialStatus\":{\"type\":\"BitstringStatusListEntry\"}}");

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        assertThat(response.json().fieldNames()).toIterable().containsExactly("verifiableCredential");
        JsonNode issued = response.json().get("verifiableCredential");
        assertThat(issued.get("id").asText()).startsWith("urn:uuid:");
        assertThat(response.header("Location")).endsWith("/credentials/" + issued.get("id").asText().substring(9));
        assertThat(issued.at("/issuer/name").asText()).isEqualTo("Orchard");
        assertThat(issued.get("validFrom").asText()).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(issued.has("issuanceDate")).isFalse();
        assertThat(issued.at("/credentialStatus/type").asText()).isEqualTo("BitstringStatusListEntry");
        assertThat(issued.at("/credentialStatus/statusPurpose").asText()).isEqualTo("revocation");
        assertThat(issued.at("/proof/cryptosuite").asText()).isEqualTo("eddsa-rdfc-2022");
        assertThat(issued.at("/proof/created").asText()).isEqualTo("2026-02-01T00:00:00Z");
        assertThat(http.get(response.header("Location").replaceFirst("^https?://[^/]+", "")).json()).isEqualTo(issued);

        assertThat(verify(issued, "{\"challenge\":\"c-1\",\"domain\":\"example.org\"}").status()).isEqualTo(200);
        assertFails(verify(issued, "{\"challenge\":\"c-2\"}"), "proof");
    }

    /**
     * Unless the request asks for a status entry (and by default, traceloom.credentials.vc-api-status-by-default
     * off), a VC 1.1 credential holds what the client sent, the Data Integrity context and the proof: nothing a
     * verifier that knows only the core contexts cannot read. It cannot be revoked here.
     */
    @Test
    void aClientsVc1CredentialIsIssuedAndVerifies() {
        ObjectNode issued = issued(credential(V1));

        assertThat(issued.get("issuanceDate").asText()).isNotEmpty();
        assertThat(issued.get("@context")).containsExactly(JSON.valueToTree(V1), JSON.valueToTree(OURS),
                JSON.valueToTree("https://w3id.org/security/data-integrity/v2"));
        assertThat(issued.has("credentialStatus")).isFalse();
        Response verified = verify(issued, null);
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("errors")).isEmpty();
        assertThat(verified.json().get("checks").toString()).contains("proof", "issuer");
        assertThat(http.post("/credentials/" + issued.get("id").asText().substring(9) + "/revoke", "").status())
                .isEqualTo(409);
    }

    /** The VC-API's {@code options.credentialStatus}: an entry in the tenant's revocation list, as the spec's endpoint gives. */
    @Test
    void aVc1CredentialGetsAStatusEntryWhenItsRequestAsks() {
        Response response = issue(credential(V1), "{\"credentialStatus\":{\"type\":\"BitstringStatusListEntry\","
                + "\"statusPurpose\":\"revocation\"}}");

        assertThat(response.status()).as(response.body()).isEqualTo(201);
        JsonNode issued = response.json().get("verifiableCredential");
        assertThat(issued.get("@context").toString()).contains("https://www.w3.org/ns/credentials/status/v1");
        assertThat(issued.at("/credentialStatus/type").asText()).isEqualTo("BitstringStatusListEntry");
        Response verified = verify(issued, null);
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("checks").toString()).contains("proof", "issuer", "status");
        assertThat(http.post("/credentials/" + issued.get("id").asText().substring(9) + "/revoke", "").status())
                .isEqualTo(201);
        assertFails(verify(issued, null), "status");

        assertRefused(issue(credential(V1), "{\"credentialStatus\":{\"type\":\"StatusList2021Entry\"}}"),
                "options.credentialStatus.type");
        assertRefused(issue(credential(V1), "{\"credentialStatus\":{\"type\":\"BitstringStatusListEntry\","
                + "\"statusPurpose\":\"suspension\"}}"), "options.credentialStatus.statusPurpose");
        assertRefused(issue(credential(V1), "{\"credentialStatus\":{\"type\":\"BitstringStatusListEntry\","
                + "\"statusListIndex\":\"7\"}}"), "options.credentialStatus.statusListIndex");
        assertRefused(issue(credential(V1), "{\"credentialStatus\":\"yes\"}"), "options.credentialStatus");
        assertRefused(issue(issued, "{\"credentialStatus\":{\"type\":\"BitstringStatusListEntry\"}}"),
                "options.credentialStatus");
    }

    @Test
    void whatTheServiceWillNotIssueIsABadRequest() {
        assertRefused(issue(credential(V2).put("issuer", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK"),
                null), "credential.issuer");
        ObjectNode anonymous = credential(V2);
        anonymous.remove("issuer");
        assertRefused(issue(anonymous, null), "credential.issuer");
        assertRefused(issue(credential(V2), "{\"unknown\":1}"), "options.unknown");
        assertRefused(issue(credential(V2), "{\"proofPurpose\":\"keyAgreement\"}"), "options.proofPurpose");
        assertRefused(issue(credential(V2), "{\"previousProof\":\"urn:uuid:1\"}"), "options.previousProof");
        assertRefused(issue(credential(V2), "{\"previousProof\":[1]}"), "options.previousProof");
        assertRefused(issue(credential(V2), "{\"created\":\"yesterday\"}"), "options.created");
        assertRefused(issue(credential("https://example.org/context"), null), "credential.@context");
        assertRefused(issue(with(credential(V2), "/credentialSubject/total amount", JSON.valueToTree(1)), null),
                "credential.total amount");
        assertRefused(http.post("/vc-api/credentials/issue", "{\"options\":{}}"), "credential");
        assertRefused(http.post("/vc-api/credentials/issue", "{\"credential\":\"eyJhbGciOi\"}"), "credential");
        assertRefused(http.post("/vc-api/credentials/issue", "{\"credential\":{},\"extra\":1}"), "extra");
        assertRefused(issue(JSON.createObjectNode(), null), "credential.@context");
    }

    @Test
    void aSignedCredentialGetsAChainedProof() {
        ObjectNode first = issued(credential(V2));
        String firstProof = first.at("/proof/id").asText();

        Response chained = issue(first, "{\"previousProof\":\"" + firstProof + "\"}");

        assertThat(chained.status()).as(chained.body()).isEqualTo(201);
        JsonNode proofs = chained.json().at("/verifiableCredential/proof");
        assertThat(proofs).hasSize(2);
        assertThat(proofs.get(1).get("previousProof").asText()).isEqualTo(firstProof);
        assertThat(verify(chained.json().get("verifiableCredential"), null).status()).isEqualTo(200);
        assertRefused(issue(first, "{\"previousProof\":\"urn:uuid:none\"}"), "options.previousProof");
        assertRefused(issue(with(first, "/credentialSubject/product", JSON.valueToTree("Pears")), null),
                "credential.proof");
    }

    @Test
    void verifyAnswers400ForEachWayACredentialFails() {
        ObjectNode good = issued(credential(V2));
        assertThat(verify(good, null).status()).isEqualTo(200);
        assertThat(http.post("/credentials/verify", "{\"verifiableCredential\":" + good + "}").status()).isEqualTo(200);

        ObjectNode unsigned = good.deepCopy();
        unsigned.remove("proof");
        assertFails(verify(unsigned, null), "proof");
        assertFails(verify(with(good, "/proof", JSON.valueToTree("z3x")), null), "proof");
        assertFails(verify(with(good, "/proof/type", JSON.valueToTree("Ed25519Signature2018")), null), "proof");
        assertFails(verify(with(good, "/proof/cryptosuite", JSON.valueToTree("ecdsa-rdfc-2019")), null), "proof");
        ObjectNode noValue = good.deepCopy();
        ((ObjectNode) noValue.get("proof")).remove("proofValue");
        assertFails(verify(noValue, null), "proof");
        assertFails(verify(with(good, "/proof/proofValue", JSON.valueToTree("u" + "A".repeat(86))), null), "proof");
        assertFails(verify(with(good, "/proof/proofValue", JSON.valueToTree("z0OIl")), null), "proof");
        assertFails(verify(good, "{\"expectedProofPurpose\":\"authentication\"}"), "proofPurpose");
        assertFails(verify(with(good, "/proof/proofPurpose", JSON.valueToTree("authentication")), null), "proofPurpose");
        assertFails(verify(with(good, "/credentialSubject/total amount", JSON.valueToTree("A")), null), "jsonld");
        assertFails(verify(with(good, "/credentialSubject/id", JSON.valueToTree("lots/1")), null), "jsonld");
        assertFails(verify(with(good, "/credentialSubject/product", JSON.valueToTree("Pears")), null), "proof");
        assertFails(http.post("/credentials/verify", "{\"verifiableCredential\":"
                + with(good, "/credentialSubject/product", JSON.valueToTree("Pears")) + "}"), "proof");
        assertRefused(verify(good, "{\"checks\":[\"proof\"]}"), "options.checks");
    }

    @Test
    void anExpiredOrNotYetValidCredentialFails() {
        Instant later = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        assertFails(verify(issued(credential(V2).put("validFrom", later.toString())), null), "validFrom");
        ObjectNode old = credential(V1).put("issuanceDate", "2020-01-01T00:00:00Z")
                .put("expirationDate", "2021-01-01T00:00:00Z");
        assertFails(verify(issued(old), null), "expiration");
        assertFails(verify(issued(credential(V2).put("validUntil", "2021-01-01T00:00:00Z")), null), "expiration");
    }
}
