package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The probes of an attacker, over HTTP: claims the signature would not cover, forged validity periods,
 * and credentials built to make the service work for minutes. Each gets a quick 4xx problem (or, for a
 * forged credential, a failed verification). The ten seconds here only guard against hanging; each
 * prints how long it took.
 */
class HostileCredentialApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration GUARD = Duration.ofSeconds(10);
    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    /** The answer, which must come within the guard; its time is printed for the record. */
    private static Response quick(String probe, Supplier<Response> request) {
        long started = System.nanoTime();
        Response response = request.get();
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        System.out.printf("PROBE %-40s %d in %d ms%n", probe, response.status(), took.toMillis());
        assertThat(took).as(probe + " answered in time").isLessThan(GUARD);
        return response;
    }

    private static Response issue(String probe, String body) {
        return quick(probe, () -> http.post("/credentials/issue", body));
    }

    private static Response verify(String probe, JsonNode credential) {
        return quick(probe, () -> http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}"));
    }

    private static void assertRefused(Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().at("/errors/0/field").asText()).as(response.body()).isEqualTo(field);
        }
        assertThat(response.body().length()).as("a short problem").isLessThan(2000);
    }

    private static ObjectNode issued(String body) {
        Response response = http.post("/credentials/issue", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return (ObjectNode) response.json().get("credential");
    }

    /** The errors of a verification that failed, as it must: 400 with the verification itself as the body. */
    private static List<String> errors(Response verification) {
        assertThat(verification.status()).as(verification.body()).isEqualTo(400);
        assertThat(verification.contentType()).startsWith("application/json");
        List<String> errors = new ArrayList<>();
        verification.json().get("errors").forEach(error -> errors.add(error.asText()));
        return errors;
    }

    private static String repeat(String item, int times) {
        return String.join(",", Collections.nCopies(times, item));
    }

    @ParameterizedTest
    @ValueSource(strings = {"total amount", "a<b", "a>b", "a{b", "a}b", "a|b", "a\\\\b", "a^b", "a\\\"b"})
    void aPropertyNameThatIsNoIriIsRefusedNamingIt(String name) throws Exception {
        String unescaped = JSON.readValue("\"" + name + "\"", String.class);
        Response response = issue("property name " + name,
                "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"" + name + "\":\"A\"}}");

        assertRefused(response, 400, unescaped);
        assertThat(response.json().get("detail").asText()).contains("not an absolute IRI");
    }

    @ParameterizedTest
    @ValueSource(strings = {"urn:x:1 2", "urn:x:<1>", "urn:x:{1}", "urn:x:1|2", "urn:x:1\\\\2", "urn:x:1^2",
            "urn:x:\\\"1\\\""})
    void idsTypesAndReferencesThatAreNoIrisAreRefused(String iri) {
        assertRefused(issue("subject id " + iri, "{\"credentialSubject\":{\"id\":\"" + iri + "\"}}"),
                400, "credentialSubject");
        assertRefused(issue("subject type " + iri, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"type\":\""
                + iri + "\"}}"), 400, "credentialSubject");
        assertRefused(issue("credential type " + iri, "{\"type\":\"" + iri + "\"}"), 400, "type");
        assertRefused(issue("reference " + iri, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"partner\":{\"id\":\""
                + iri + "\"}}}"), 400, "partner");
    }

    @Test
    void aPropertyAddedAfterSigningThatJsonLdWouldDropFailsVerificationNamingIt() {
        ObjectNode credential = issued("{\"credentialSubject\":{\"id\":\"urn:x:1\",\"product\":\"A\"}}");
        ((ObjectNode) credential.get("credentialSubject")).put("total amount", "TAMPERED");

        assertThat(errors(verify("tampered 'total amount'", credential)))
                .anyMatch(error -> error.startsWith("jsonld: total amount:"));
    }

    @Test
    void anExpiredCredentialRewrittenToHideItsExpiryStillFails() throws Exception {
        Instant expires = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(2);
        ObjectNode credential = issued("{\"expirationDate\":\"" + expires + "\"}");
        long deadline = System.nanoTime() + GUARD.toNanos();
        while (verify("expired as issued", credential).status() == 200) {
            assertThat(System.nanoTime()).as("the credential expires").isLessThan(deadline);
            Thread.sleep(200);
        }

        for (JsonNode rewritten : List.of(
                JSON.readTree("[\"" + expires + "\"]"),
                JSON.readTree("{\"@value\":\"" + expires + "\",\"@type\":\"http://www.w3.org/2001/XMLSchema#dateTime\"}"))) {
            ObjectNode forged = credential.deepCopy();
            forged.set("expirationDate", rewritten);

            List<String> errors = errors(verify("expiry rewritten " + rewritten.getNodeType(), forged));

            assertThat(errors).as(rewritten.toString()).isNotEmpty()
                    .anyMatch(error -> error.startsWith("expirationDate:"));
        }
    }

    @Test
    void lookAlikeBlankNodesThatWouldCostMinutesAreRefusedQuickly() {
        String ten = "[" + repeat("{\"z\":1}", 10) + "]";

        assertRefused(issue("factorial blank nodes", "{\"credentialSubject\":{\"x\":[{\"y\":" + ten + "},{\"y\":"
                + ten + "}]}}"), 400, null);
        assertRefused(issue("@list of 800 look-alikes", "{\"credentialSubject\":{\"x\":{\"@list\":["
                + repeat("{\"z\":1}", 800) + "]}}}"), 400, null);
    }

    @Test
    void aHundredThousandValuesOfOnePropertyAreRefusedQuickly() {
        StringBuilder numbers = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            numbers.append(i == 0 ? "" : ",").append(i);
        }

        assertRefused(issue("100,000 integers", "{\"credentialSubject\":{\"n\":[" + numbers + "]}}"), 400,
                "credentialSubject.n");
    }

    @Test
    void anOversizedProofValueOrDidKeyIsRefusedBeforeDecoding() {
        ObjectNode credential = issued("{}");
        String base58 = "z" + "2".repeat(200_000);

        ObjectNode longValue = credential.deepCopy();
        ((ObjectNode) longValue.get("proof")).put("proofValue", base58);
        assertRefused(verify("proofValue of 200,000 characters", longValue), 400,
                "verifiableCredential.proof.proofValue");

        ObjectNode longKey = credential.deepCopy();
        ((ObjectNode) longKey.get("proof")).put("verificationMethod", "did:key:" + base58 + "#" + base58.substring(0, 10));
        assertRefused(verify("did:key of 200,000 characters", longKey), 400,
                "verifiableCredential.proof.verificationMethod");
    }

    /**
     * {@code did:key}s that are no Ed25519 public key, each in a credential whose proof is otherwise whole (a
     * 64-byte signature), so that the key is what fails: a 32-byte value that is no point of the curve, the
     * identity point (of small order), a point outside the prime-order group, another multicodec, too few
     * bytes, characters that are no base58, another multibase. Each is a verification that fails naming the
     * key, on both verify endpoints, never a 500.
     */
    @ParameterizedTest
    @ValueSource(strings = {"z6Mkeb4rtEhc8DUtvt5ehaVjdx3TLbQPpnTArkXhqfb1Mq75",
            "z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj", "z6MkeeyGXjRh23ycLaCdD5mBXsngbbyAXjZ5ScqbLru15dmR",
            "z6DtMnkmBcbzt3s7zq46m3HWh4Xtz1rS9Dp8pnkSnP46h9if", "z2DQUyFHStG42FqbEhyM6LhkEqqV45NGGqKCwNxVWWu7Yzj",
            "z6Mk0OIl0OIl", "uAAAA"})
    void aDidKeyThatIsNoEd25519KeyFailsVerificationNamingIt(String key) {
        ObjectNode credential = issued("{}");
        ((ObjectNode) credential.get("proof")).put("verificationMethod", "did:key:" + key + "#" + key);

        for (String path : List.of("/credentials/verify", "/vc-api/credentials/verify")) {
            Response verified = quick("did:key " + key + " at " + path, () -> http.post(path,
                    "{\"verifiableCredential\":" + credential + "}"));

            assertThat(errors(verified)).as(path).anyMatch(error -> error.startsWith("proof: verificationMethod: ")
                    && error.contains("did:key:" + key));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {40, 400, 999})
    void deepNestingIsAQuickRefusalNotAStackOverflow(int depth) {
        String nested = "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);

        Response issued = issue("nesting " + depth + " at issue", "{\"credentialSubject\":" + nested + "}");
        assertRefused(issued, 400, null);

        ObjectNode credential = issued("{}");
        Response verified = quick("nesting " + depth + " at verify", () -> http.post("/credentials/verify",
                "{\"verifiableCredential\":" + credential.toString().replaceFirst("\\{", "{\"deep\":" + nested + ",")
                        + "}"));
        assertRefused(verified, 400, null);
    }

    @Test
    void valuesGatheredFromObjectsSharingAnIdAreCountedTogether() {
        List<String> parts = new ArrayList<>();
        for (int part = 0; part < 20; part++) {
            List<String> numbers = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                numbers.add(String.valueOf(part * 100 + i));
            }
            parts.add("{\"id\":\"urn:x:same\",\"n\":[" + String.join(",", numbers) + "]}");
        }

        assertRefused(issue("2,000 values merged by id", "{\"credentialSubject\":{\"parts\":["
                + String.join(",", parts) + "]}}"), 400, "n");
    }

    @Test
    void errorsQuoteOnlyAShortExcerptOfTheInput() {
        String name = "x ".repeat(200_000);

        Response response = issue("400 KB property name", "{\"credentialSubject\":{\"" + name + "\":1}}");

        assertRefused(response, 400, null);
        assertThat(response.body().length()).isLessThan(1000);
    }

    @Test
    void theServiceStaysHealthyAfterTheProbes() {
        lookAlikeBlankNodesThatWouldCostMinutesAreRefusedQuickly();

        Response issued = quick("a normal issue after the probes", () -> http.post("/credentials/issue",
                "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"product\":\"A\"}}"));
        assertThat(issued.status()).isEqualTo(201);
        Response verified = verify("a normal verify after the probes", issued.json().get("credential"));
        assertThat(verified.status()).as(verified.body()).isEqualTo(200);
        assertThat(verified.json().get("errors")).isEmpty();
    }
}
