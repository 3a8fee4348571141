package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.SharedTraceloom;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Credentials issued against a stored schema, and verification checking the schema they name. */
class CredentialSchemaApiTest {

    private static final String PRODUCT_SCHEMA = "{\"type\":\"object\",\"required\":[\"product\"],"
            + "\"properties\":{\"product\":{\"type\":\"string\"},\"kg\":{\"type\":\"number\",\"minimum\":0}}}";

    private final Http http = SharedTraceloom.get().http();

    private String storedSchema(String schema, String... headers) {
        String id = UUID.randomUUID().toString();
        Response stored = http.put("/schemas/" + id, "{\"name\":\"Product\",\"schema\":" + schema + "}", headers);
        assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        return id;
    }

    private Response issue(String schemaId, String subject) {
        return http.post("/credentials/issue", "{\"schemaId\":\"" + schemaId + "\",\"credentialSubject\":" + subject + "}");
    }

    private JsonNode verify(JsonNode credential) {
        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}");
        return verified.json();
    }

    @Test
    void aCredentialIssuedAgainstASchemaNamesItAndVerifiesAgainstIt() {
        String schemaId = storedSchema(PRODUCT_SCHEMA);

        Response issued = issue(schemaId, "{\"id\":\"urn:x:lot-1\",\"product\":\"Apples\",\"kg\":12.5}");

        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        JsonNode credential = issued.json().get("credential");
        String url = credential.get("credentialSchema").get("id").asText();
        assertThat(url).isEqualTo("http://localhost:8080/schemas/" + schemaId);
        assertThat(credential.get("credentialSchema").get("type").asText()).isEqualTo("JsonSchema");
        JsonNode verification = verify(credential);
        assertThat(verification.get("errors")).as(verification.toString()).isEmpty();
        assertThat(verification.get("checks").toString()).contains("\"credentialSchema\"", "\"proof\"");
        Response schema = http.get(url.substring("http://localhost:8080".length()), "Accept", "application/schema+json");
        assertThat(schema.contentType()).startsWith("application/schema+json");
        assertThat(schema.json().get("required").get(0).asText()).isEqualTo("product");
    }

    @Test
    void aSubjectThatBreaksTheSchemaIsRefusedNamingEveryViolationAndNothingIsIssued() {
        String schemaId = storedSchema(PRODUCT_SCHEMA);

        Response refused = issue(schemaId, "{\"id\":\"urn:x:lot-2\",\"kg\":-1}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().get("detail").asText())
                .isEqualTo("The subject does not satisfy schema '" + schemaId + "': 2 violations.");
        assertThat(refused.json().get("errors").toString()).contains(
                "{\"field\":\"credentialSubject/kg\",\"message\":\"must have a minimum value of 0\"}",
                "{\"field\":\"credentialSubject\",\"message\":\"required property 'product' not found\"}");
    }

    @Test
    void anUnknownSchemaIsRefused() {
        Response refused = issue(UUID.randomUUID().toString(), "{\"id\":\"urn:x:lot-3\",\"product\":\"Pears\"}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get(0).get("field").asText()).isEqualTo("schemaId");
    }

    @Test
    void verificationReportsASubjectThatNoLongerSatisfiesItsSchema() {
        String schemaId = storedSchema(PRODUCT_SCHEMA);
        JsonNode credential = issue(schemaId, "{\"id\":\"urn:x:lot-4\",\"product\":\"Plums\"}").json().get("credential");
        Response replaced = http.put("/schemas/" + schemaId, "{\"name\":\"Product\",\"schema\":{\"type\":\"object\","
                + "\"required\":[\"product\",\"kg\"]}}");
        assertThat(replaced.status()).isEqualTo(200);

        JsonNode verification = verify(credential);

        assertThat(verification.get("checks").toString()).contains("\"proof\"").doesNotContain("credentialSchema");
        assertThat(verification.get("errors").toString())
                .contains("credentialSchema: http://localhost:8080/schemas/" + schemaId + ": required property 'kg' not found");
    }

    @Test
    void aSchemaElsewhereIsNotFetchedButSaidSo() {
        JsonNode credential = issue(storedSchema(PRODUCT_SCHEMA), "{\"id\":\"urn:x:lot-5\",\"product\":\"Figs\"}")
                .json().get("credential");
        String foreign = credential.toString().replace("http://localhost:8080/schemas/", "https://example.org/schemas/");

        JsonNode verification = http.post("/credentials/verify", "{\"verifiableCredential\":" + foreign + "}").json();

        assertThat(verification.get("errors").toString()).contains("proof: the signature does not match");
        assertThat(verification.get("warnings").toString())
                .contains("credentialSchema: https://example.org/schemas/", "not checked");
    }

    /** A subject value on which this schema's pattern backtracks 2^40 times: only a deadline ends the check. */
    private static final String CATASTROPHIC = "{\"properties\":{\"code\":{\"pattern\":\"^(a+)+\\\\1$\"}}}";
    private static final String CATASTROPHIC_SUBJECT = "{\"id\":\"urn:x:c\",\"code\":\"" + "a".repeat(40) + "!\"}";

    /** A credential naming these schemas, about these subjects: unsigned, which is an error of its own. */
    private static String credentialNaming(List<String> schemaIds, String subjects) {
        StringBuilder named = new StringBuilder();
        for (String id : schemaIds) {
            named.append(named.length() == 0 ? "" : ",").append("{\"id\":\"http://localhost:8080/schemas/").append(id)
                    .append("\",\"type\":\"JsonSchema\"}");
        }
        return "{\"@context\":[\"https://www.w3.org/2018/credentials/v1\",\"http://localhost:8080/contexts/traceloom/v1\"],"
                + "\"type\":[\"VerifiableCredential\"],\"issuer\":\"did:example:someone\","
                + "\"issuanceDate\":\"2026-01-01T00:00:00Z\",\"credentialSchema\":[" + named + "],"
                + "\"credentialSubject\":" + subjects + "}";
    }

    /**
     * Schema ids are public (every credential that names a schema shows its id): a credential naming another
     * tenant's schema, verified by a tenant, gets a warning that it was not checked, and nothing of it is run.
     */
    @Test
    void anotherTenantsSchemaIsNotCheckedAndAWarningSaysSo() {
        String theirs = storedSchema(CATASTROPHIC, OtherTenants.actingFor("tenant-" + UUID.randomUUID()));
        String mine = storedSchema(PRODUCT_SCHEMA);

        JsonNode verification = http.post("/credentials/verify", "{\"verifiableCredential\":"
                + credentialNaming(List.of(mine, theirs), "[" + CATASTROPHIC_SUBJECT + "]") + "}").json();

        assertThat(verification.get("warnings").toString()).contains("credentialSchema: http://localhost:8080/schemas/"
                + theirs + " is not a schema of the verifying tenant, and no other tenant's is checked: not checked");
        assertThat(verification.get("errors").toString()).doesNotContain(theirs)
                .contains("credentialSchema: http://localhost:8080/schemas/" + mine + ": required property 'product' not found");
    }

    /**
     * Six subjects, each of which would take a whole validation's time: every check runs within the credential's
     * deadline, and the answer says which it did not make.
     */
    @Test
    void theSchemaChecksOfAVerificationEndByTheCredentialsDeadlineSayingWhatWasNotChecked() {
        String schema = storedSchema(CATASTROPHIC);
        String subjects = "[" + String.join(",", Collections.nCopies(6, CATASTROPHIC_SUBJECT)) + "]";

        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":"
                + credentialNaming(List.of(schema), subjects) + "}");

        assertThat(verified.status()).isEqualTo(400);
        assertThat(verified.json().get("errors").toString())
                .contains("checks of a subject against a schema not made, from credentialSubject[",
                        "the credential needs more work than traceloom.credentials.limits.timeout (3000 ms) allows");
    }
}
