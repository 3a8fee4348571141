package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a client sends as a JSON number is recorded, kept in the read models and read back with its value
 * exactly, however large or precise: free-form JSON (a credential's claims, a schema, a render's variables)
 * is kept as text from the request to the read model, and never read into a 64-bit integer or a double on
 * the way. A credential signs its JSON as sent, so its numbers matter most; its integers beyond 64 bits once
 * made the credentials projection fail on them for good, for every tenant.
 */
class ExactNumbersTest {

    /** Reads numbers as exact decimals, so that a comparison here loses nothing either. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    private static final String V1 = "https://www.w3.org/2018/credentials/v1";
    private static final String OURS = "http://localhost:8080/contexts/traceloom/v1";
    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static JsonNode exact(String json) {
        try {
            return EXACT.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    private static void assertSameNumber(JsonNode actual, String sent) {
        assertThat(actual.isNumber()).as("a number: " + actual).isTrue();
        assertThat(actual.decimalValue()).as("the number sent, " + sent + ", came back as " + actual)
                .isEqualByComparingTo(new BigDecimal(sent));
    }

    /** Integers at and just past the 64-bit range, and larger still; decimals a double holds exactly. */
    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "-9223372036854775809", "123456789012345678901", "1.10", "-2.5", "1e308", "4.9e-324"})
    void aCredentialClaimIsSignedKeptAndReadBackExactly(String number) {
        Response issued = http.post("/credentials/issue",
                "{\"credentialSubject\":{\"id\":\"urn:x:lot\",\"lot\":" + number + "}}");

        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        assertSameNumber(exact(issued.body()).at("/credential/credentialSubject/lot"), number);
        Response read = http.get(java.net.URI.create(issued.header("Location")).getPath());
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertSameNumber(exact(read.body()).at("/credentialSubject/lot"), number);
        assertThat(http.post("/credentials/verify", "{\"verifiableCredential\":" + read.body() + "}").status())
                .as("it verifies as read back").isEqualTo(200);
        assertThat(http.post("/credentials/issue", "{}").status())
                .as("the next credential is issued and read back as ever").isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "-9223372036854775809", "1.10"})
    void aCredentialComposedByTheClientKeepsItsNumbersExactly(String number) {
        String issuer = http.get("/credentials/issuer").json().get("id").asText();
        String credential = "{\"@context\":[\"" + V1 + "\",\"" + OURS + "\"],\"type\":[\"VerifiableCredential\"],"
                + "\"issuer\":\"" + issuer + "\",\"credentialSubject\":{\"id\":\"urn:x:lot\",\"lot\":" + number + "}}";

        Response issued = http.post("/vc-api/credentials/issue", "{\"credential\":" + credential + "}");

        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        String id = exact(issued.body()).at("/verifiableCredential/id").asText();
        Response read = http.get("/credentials/" + id);
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertSameNumber(exact(read.body()).at("/credentialSubject/lot"), number);
    }

    /**
     * JSON-LD signs a number with a fraction, or of 10^21 or more, as a canonical xsd:double: sixteen significant
     * digits, within a double's range. A claim that holds more would not be covered by its signature (another
     * value would verify as well), so it is refused, naming it, and nothing is issued.
     */
    @ParameterizedTest
    @ValueSource(strings = {"0.1000000000000000000001", "1.2345678901234567", "1.0000000000000000000001", "1e400",
            "1e-400", "12345678901234567890123"})
    void aCredentialNumberItsSignatureWouldNotCoverIsRefusedNamingIt(String number) {
        String issuer = http.get("/credentials/issuer").json().get("id").asText();
        String subject = "{\"id\":\"urn:x:lot\",\"lot\":" + number + "}";

        for (Response refused : new Response[] {
                http.post("/credentials/issue", "{\"credentialSubject\":" + subject + "}"),
                http.post("/vc-api/credentials/issue", "{\"credential\":{\"@context\":[\"" + V1 + "\",\"" + OURS
                        + "\"],\"type\":[\"VerifiableCredential\"],\"issuer\":\"" + issuer
                        + "\",\"credentialSubject\":" + subject + "}}")}) {
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.json().at("/errors/0/field").asText()).as(refused.body()).endsWith("lot");
            assertThat(refused.json().get("detail").asText()).contains("xsd:double");
        }
    }

    /** A schema's numbers are its rules: one read as a double would check something else than was stored. */
    @ParameterizedTest
    @ValueSource(strings = {"0.1000000000000000000001", "9223372036854775808", "1e400", "1e-400"})
    void aSchemaKeepsItsNumbersExactly(String number) {
        String id = UUID.randomUUID().toString();
        Response stored = http.put("/schemas/" + id,
                "{\"name\":\"Exact\",\"schema\":{\"type\":\"number\",\"maximum\":" + number + "}}");

        assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        Response read = http.get("/schemas/" + id);
        assertSameNumber(exact(read.body()).at("/schema/maximum"), number);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.1000000000000000000001", "9223372036854775808", "-9223372036854775809", "1e400",
            "1e-400"})
    void aRendersVariablesAreRecordedExactly(String number) {
        Response template = http.post("/canvas-templates",
                "{\"name\":\"Exact\",\"template\":\"{{n}}\",\"schema\":{\"type\":\"object\"}}");
        assertThat(template.status()).as(template.body()).isEqualTo(201);

        Response rendered = http.post("/canvas-templates/" + template.json().get("id").asText() + "/render",
                "{\"n\":" + number + "}");

        assertThat(rendered.status()).as(rendered.body()).isEqualTo(201);
        Response read = http.get(java.net.URI.create(rendered.header("Location")).getPath());
        assertSameNumber(exact(read.body()).at("/variables/n"), number);
    }
}
