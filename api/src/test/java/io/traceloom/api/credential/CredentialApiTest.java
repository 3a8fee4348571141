package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class CredentialApiTest {

    private static RunningTraceloom traceloom;
    private static Http http;

    @BeforeAll
    static void start() {
        traceloom = SharedTraceloom.get();
        http = traceloom.http();
    }

    private static JsonNode issue(String body) {
        Response response = http.post("/credentials/issue", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("credential");
    }

    private static Response verify(JsonNode credential) {
        return http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}");
    }

    @Test
    void anEmptyRequestIssuesACredentialAboutTheCaller() {
        Response response = http.post("/credentials/issue", "{}");

        assertThat(response.status()).isEqualTo(201);
        assertThat(Fixtures.fieldNames(response.json())).containsExactly("credential");
        JsonNode credential = response.json().get("credential");
        ApiProperties.Local caller = traceloom.bean(ApiProperties.class).security().local();
        assertThat(strings(credential.get("@context"))).containsExactly("https://www.w3.org/2018/credentials/v1",
                "https://w3id.org/security/data-integrity/v2", "https://www.w3.org/ns/credentials/status/v1",
                "http://localhost:8080/contexts/traceloom/v1");
        assertThat(credential.get("id").asText()).startsWith("urn:uuid:");
        assertThat(strings(credential.get("type"))).containsExactly("VerifiableCredential");
        assertThat(credential.get("issuer").asText()).startsWith("did:key:z6Mk");
        Instant issued = Instant.parse(credential.get("issuanceDate").asText());
        assertThat(credential.get("issuanceDate").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(Instant.parse(credential.get("expirationDate").asText())).isEqualTo(issued.plus(Duration.ofDays(365)));
        assertThat(credential.get("credentialSubject").get("id").asText()).isEqualTo("urn:uuid:" + caller.userId());
        assertThat(credential.get("credentialSubject").get("tenantId").asText()).isEqualTo(caller.tenantId());
        JsonNode proof = credential.get("proof");
        assertThat(proof.get("type").asText()).isEqualTo("DataIntegrityProof");
        assertThat(proof.get("cryptosuite").asText()).isEqualTo("eddsa-rdfc-2022");
        assertThat(proof.get("proofPurpose").asText()).isEqualTo("assertionMethod");
        assertThat(proof.get("verificationMethod").asText()).startsWith(credential.get("issuer").asText() + "#z");
        assertThat(proof.get("proofValue").asText()).startsWith("z");
        assertThat(response.header("Location")).endsWith("/credentials/" + credential.get("id").asText().substring(9));
    }

    @Test
    void anIssuedCredentialCanBeFetchedAndVerifies() {
        JsonNode credential = issue("{\"type\":[\"TraceabilityCredential\",\"VerifiableCredential\"],"
                + "\"credentialSubject\":{\"id\":\"urn:epc:id:sgtin:4012345.011111.1001\",\"product\":\"Apples\"},"
                + "\"expirationDate\":\"2030-01-01T00:00:00Z\"}");

        assertThat(strings(credential.get("type"))).containsExactly("VerifiableCredential", "TraceabilityCredential");
        assertThat(credential.get("expirationDate").asText()).isEqualTo("2030-01-01T00:00:00Z");
        Response fetched = http.get("/credentials/" + credential.get("id").asText().substring("urn:uuid:".length()));
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json()).isEqualTo(credential);

        Response verified = verify(credential);
        assertThat(verified.status()).isEqualTo(200);
        assertThat(verified.json().get("errors")).isEmpty();
        assertThat(strings(verified.json().get("checks"))).contains("proof", "issuer", "proofPurpose", "expiration",
                "status");
        assertThat(verified.json().has("warnings")).isTrue();
    }

    @Test
    void oneTenantIssuesWithOneKey() {
        assertThat(issue("{}").get("issuer")).isEqualTo(issue("{}").get("issuer"));
    }

    @Test
    void aTamperedCredentialFailsVerificationNamingTheCheck() {
        ObjectNode credential = (ObjectNode) issue("{\"credentialSubject\":{\"product\":\"Apples\"}}");
        ((ObjectNode) credential.get("credentialSubject")).put("product", "Pears");

        Response verified = verify(credential);

        assertThat(verified.status()).isEqualTo(400);
        assertThat(verified.contentType()).startsWith("application/json");
        assertThat(strings(verified.json().get("errors"))).anyMatch(error -> error.startsWith("proof:"));
        assertThat(strings(verified.json().get("checks"))).doesNotContain("proof");
    }

    @Test
    void anUnsignedCredentialFailsVerification() {
        ObjectNode credential = (ObjectNode) issue("{}");
        credential.remove("proof");

        assertThat(strings(verify(credential).json().get("errors"))).anyMatch(error -> error.startsWith("proof:"));
    }

    @Test
    void somethingThatIsNotACredentialIsABadRequest() {
        for (String body : List.of("{}", "{\"verifiableCredential\":\"abc\"}", "{\"verifiableCredential\":{\"a\":1}}")) {
            Response response = http.post("/credentials/verify", body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("verifiableCredential");
        }
    }

    @Test
    void aContextThatIsNotBundledIsRefused() {
        Response response = http.post("/credentials/issue", "{\"@context\":[\"https://example.org/my-context/v1\"]}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("@context");
        assertThat(response.json().get("detail").asText()).contains("context not available");
    }

    @Test
    void anExpirationNotAfterIssuanceIsRefused() {
        Response response = http.post("/credentials/issue", "{\"expirationDate\":\"2020-01-01T00:00:00Z\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("expirationDate");
    }

    @Test
    void whatWouldEscapeTheSignatureIsRefused() {
        Response relative = http.post("/credentials/issue", "{\"credentialSubject\":{\"id\":\"orchards/12\"}}");

        assertThat(relative.status()).isEqualTo(400);
        assertThat(relative.json().get("detail").asText()).contains("not an absolute IRI");
    }

    @Test
    void malformedIssueRequestsAreRefused() {
        for (String body : List.of("{\"type\":42}", "{\"type\":[\"\"]}", "{\"credentialSubject\":\"me\"}",
                "{\"expirationDate\":\"tomorrow\"}", "{\"issuer\":\"did:example:1\"}")) {
            Response response = http.post("/credentials/issue", body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.contentType()).startsWith("application/problem+json");
        }
    }

    @Test
    void anUnknownCredentialIsNotFound() {
        assertThat(http.get("/credentials/0b7d5b2e-0000-4000-8000-000000000000").status()).isEqualTo(404);
        Response byUrn = http.get("/credentials/urn:uuid:0b7d5b2e-0000-4000-8000-000000000000");
        assertThat(byUrn.status()).isEqualTo(404);
        assertThat(byUrn.json().get("detail").asText())
                .isEqualTo("Credential 'urn:uuid:0b7d5b2e-0000-4000-8000-000000000000' does not exist.");
    }

    @Test
    void aCredentialIsFoundByItsOwnIdAsWell() {
        JsonNode credential = issue("{}");
        String id = credential.get("id").asText();
        String bare = id.substring("urn:uuid:".length());

        for (String path : List.of(bare, id, id.toUpperCase(java.util.Locale.ROOT).substring(0, 9) + bare,
                id.replace(":", "%3A"))) {
            Response fetched = http.get("/credentials/" + path);
            assertThat(fetched.status()).as(path).isEqualTo(200);
            assertThat(fetched.json()).as(path).isEqualTo(credential);
        }
    }

    @Test
    void aCredentialCarriesAnEtagAndIsNotSentAgainUnchanged() {
        String id = issue("{}").get("id").asText();

        Response fetched = http.get("/credentials/" + id);
        assertThat(fetched.header("ETag")).isEqualTo("\"0\"");

        Response again = http.get("/credentials/" + id, "If-None-Match", fetched.header("ETag"));
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(http.get("/credentials/" + id, "If-None-Match", "\"1\"").status()).isEqualTo(200);
    }

    @Test
    void theServiceContextIsServedAtItsIri() {
        Response context = http.get("/contexts/traceloom/v1");

        assertThat(context.status()).isEqualTo(200);
        assertThat(context.contentType()).startsWith("application/ld+json");
        assertThat(context.json().at("/@context/@vocab").asText()).isEqualTo("http://localhost:8080/contexts/traceloom/v1#");
        assertThat(http.get("/contexts/traceloom/v1", "Accept", "application/json").status()).isEqualTo(200);
        assertThat(http.get("/contexts/traceloom/v1", "Accept", "text/html,*/*;q=0.8").status()).isEqualTo(200);
        Response html = http.get("/contexts/traceloom/v1", "Accept", "text/html");
        assertThat(html.status()).isEqualTo(406);
        assertThat(html.contentType()).startsWith("application/problem+json");
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

}
