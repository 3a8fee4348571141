package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.ProblemJson;
import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A JSON body is read literally and refused in the client's terms: a key given twice, nesting past the
 * limit, text that is not plain, and every invalid field named once with the rule it breaks.
 */
class StrictBodiesTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static JsonNode problem(Response response, int status) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        return response.json();
    }

    private static List<String> errors(JsonNode problem) {
        List<String> errors = new ArrayList<>();
        problem.get("errors").forEach(e -> errors.add(e.get("field").asText() + ": " + e.get("message").asText()));
        return errors;
    }

    @Test
    void aKeyGivenTwiceIsNamed() {
        JsonNode problem = problem(http.post("/trade-item-tags", "{\"code\":\"A\",\"name\":\"x\",\"code\":\"B\"}"), 400);

        assertThat(problem.get("detail").asText()).isEqualTo("Field 'code' appears more than once.");
        assertThat(errors(problem)).containsExactly("code: appears more than once");
    }

    @Test
    void aKeyGivenTwiceDeepInsideIsNamedByItsPath() {
        JsonNode problem = problem(http.post("/credentials/issue",
                "{\"credentialSubject\":{\"lot\":[{\"kg\":1,\"kg\":2}]}}"), 400);

        assertThat(errors(problem)).containsExactly("credentialSubject.lot[0].kg: appears more than once");
    }

    @Test
    void nestingIsLimitedTo64Levels() {
        String deep = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        JsonNode problem = problem(http.post("/credentials/issue", "{\"credentialSubject\":" + deep + "}"), 400);

        assertThat(problem.get("type").asText()).isEqualTo("urn:traceloom:problem:limit-exceeded");
        assertThat(problem.get("detail").asText())
                .isEqualTo("The request body nests objects and arrays deeper than 64 levels.");
    }

    @Test
    void nestingWithinTheLimitIsRead() {
        String deep = "{\"a\":".repeat(60) + "1" + "}".repeat(60);

        Response response = http.post("/credentials/verify", "{\"verifiableCredential\":" + deep + "}");

        assertThat(problem(response, 400).get("detail").asText()).startsWith("verifiableCredential must be a credential");
    }

    @Test
    void everyInvalidFieldIsNamedOnceWithTheRuleItBreaks() {
        JsonNode problem = problem(http.post("/trade-item-tags", "{\"code\":\"\",\"name\":\"" + "n".repeat(201)
                + "\",\"description\":\"" + "d".repeat(2001) + "\"}"), 400);

        assertThat(errors(problem)).containsExactly("code: must not be blank", "description: must be at most 2000 characters",
                "name: must be at most 200 characters");
        assertThat(problem.get("detail").asText()).isEqualTo("3 fields are not valid: code, description, name.");
    }

    @Test
    void blankIsNotTooShortAndPaddingIsNamed() {
        assertThat(errors(problem(http.post("/trade-item-tags", "{\"code\":\"   \",\"name\":\"x\"}"), 400)))
                .containsExactly("code: must not be blank");
        assertThat(errors(problem(http.post("/trade-item-tags", "{\"code\":\" A\",\"name\":\"x\"}"), 400)))
                .containsExactly("code: must not begin or end with white space");
        assertThat(errors(problem(http.post("/trade-items", "{\"name\":\"x\",\"tradeItemTag\":\"\"}"), 400)))
                .containsExactly("tradeItemTag: must not be blank when given");
        assertThat(errors(problem(http.post("/trade-items", "{\"name\":\"x\",\"tradeItemTag\":\"" + "t".repeat(101)
                + "\"}"), 400))).containsExactly("tradeItemTag: must be at most 100 characters");
    }

    @Test
    void unicodeWhiteSpaceIsWhiteSpaceAndItsLineSeparatorBreaksALine() {
        assertThat(errors(problem(http.post("/trade-item-tags", "{\"code\":\"A\",\"name\":\"\\u00a0\\u3000\"}"), 400)))
                .containsExactly("name: must not be blank");
        assertThat(errors(problem(http.post("/trade-item-tags", "{\"code\":\"\\u2003\",\"name\":\"x\"}"), 400)))
                .containsExactly("code: must not be blank");
        assertThat(errors(problem(http.post("/trade-item-tags", "{\"code\":\"A\\u00a0\",\"name\":\"x\"}"), 400)))
                .containsExactly("code: must not begin or end with white space");
        assertThat(errors(problem(http.post("/trade-items", "{\"name\":\"x\",\"tradeItemTag\":\"\\u00a0\"}"), 400)))
                .containsExactly("tradeItemTag: must not be blank when given");
        assertThat(errors(problem(http.post("/trade-items", "{\"name\":\"one\\u2028two\"}"), 400)))
                .containsExactly("name: must be one line, without tabs, line breaks or control characters");
    }

    @Test
    void codesAndNamesAreOneLineOfPlainText() {
        JsonNode problem = problem(http.post("/trade-item-tags", "{\"code\":\"A\\nB\",\"name\":\"tab\\there\","
                + "\"description\":\"two\\nlines\\tare fine\"}"), 400);

        assertThat(errors(problem)).containsExactly(
                "code: must be one line, without tabs, line breaks or control characters",
                "name: must be one line, without tabs, line breaks or control characters");
    }

    @Test
    void controlCharactersAndBrokenUnicodeAreRefusedAnywhere() {
        assertThat(errors(problem(http.post("/trade-item-tags",
                "{\"code\":\"A\",\"name\":\"x\",\"description\":\"bell\\u0007\"}"), 400)))
                .containsExactly("description: must not contain control characters other than tab and line breaks");
        assertThat(errors(problem(http.post("/trade-item-tags",
                "{\"code\":\"A\",\"name\":\"x\",\"description\":\"half \\ud83d pair\"}"), 400)))
                .containsExactly("description: is not valid Unicode (it has an unpaired surrogate)");
        assertThat(errors(problem(http.post("/credentials/issue",
                "{\"credentialSubject\":{\"note\\u0000\":\"x\"}}"), 400)))
                .containsExactly("credentialSubject.note\u0000: property name must be one line, without tabs, "
                        + "line breaks or control characters");
    }

    @Test
    void bytesThatAreNotUtf8AreNamedAsSuch() {
        byte[] body = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC3, '(', '"', '}'};

        JsonNode problem = problem(http.send("POST", "/trade-items", "application/json",
                BodyPublishers.ofByteArray(body)), 400);

        assertThat(problem.get("detail").asText()).isEqualTo("The request body is not valid UTF-8 (line 1, column 10).");
    }

    @Test
    void aCharsetOtherThanUtf8IsUnsupported() {
        JsonNode problem = problem(http.send("POST", "/trade-items", "application/json; charset=ISO-8859-1",
                BodyPublishers.ofString("{\"name\":\"caf\u00e9\"}", StandardCharsets.ISO_8859_1)), 415);

        assertThat(problem.get("detail").asText()).isEqualTo("JSON request bodies are UTF-8; charset ISO-8859-1 is not supported.");
    }

    @Test
    void aBodyThatCouldBeReadTwoWaysIsRefusedUnread() {
        RawHttp raw = new RawHttp(http.baseUrl());
        byte[] body = "{\"name\":\"Twice\"}".getBytes(StandardCharsets.UTF_8);

        RawHttp.Response twoTypes = raw.request("POST /trade-items HTTP/1.1",
                List.of("Content-Type: application/json", "Content-Type: text/plain"), body);
        assertThat(twoTypes.status()).isEqualTo(400);
        assertThat(twoTypes.contentType()).startsWith("application/problem+json");
        assertThat(twoTypes.json().get("detail").asText()).isEqualTo("The Content-Type header must be given once.");

        RawHttp.Response gzip = raw.request("POST /trade-items HTTP/1.1",
                List.of("Content-Type: application/json", "Content-Encoding: gzip"), body);
        assertThat(gzip.status()).isEqualTo(415);
        assertThat(gzip.json().get("detail").asText())
                .isEqualTo("Request bodies are read as sent: a Content-Encoding (gzip) is not supported.");
        assertThat(http.get("/trade-items?limit=100").body()).doesNotContain("Twice");
    }

    @Test
    void malformedJsonIsDescribedWithoutTheParsersWords() {
        assertThat(problem(http.post("/trade-items", "{\"name\":"), 400).get("detail").asText())
                .isEqualTo("The request body ends before its JSON does (line 1, column 9).");
        assertThat(problem(http.post("/trade-items", "{\"name\":\"x\"} {}"), 400).get("detail").asText())
                .isEqualTo("The request body has more after its JSON value (line 1, column 14).");
        assertThat(problem(http.post("/trade-items", "[\"name\"]"), 400).get("detail").asText())
                .isEqualTo("The request body must be a JSON object.");
        assertThat(problem(http.post("/trade-items", "{name:\"x\"}"), 400).get("detail").asText())
                .isEqualTo("The request body is not valid JSON (line 1, column 2).");
        assertThat(problem(http.post("/trade-items", "{\"name\":\"a\u0001b\"}"), 400).get("detail").asText())
                .startsWith("The request body is not valid JSON (line 1, column 11): a control character");
    }

    @Test
    void wrongTypesAreNamedInJsonTerms() {
        assertThat(errors(problem(http.post("/trade-items", "{\"name\":[\"x\"]}"), 400)))
                .containsExactly("name: must be a string");
        assertThat(errors(problem(http.post("/credentials/issue", "{\"credentialSubject\":\"me\"}"), 400)))
                .containsExactly("credentialSubject: must be an object");
        assertThat(errors(problem(http.post("/credentials/issue", "{\"@context\":{}}"), 400)))
                .containsExactly("@context: must be an array");
        assertThat(errors(problem(http.post("/credentials/issue", "{\"expirationDate\":12}"), 400)))
                .containsExactly("expirationDate: must be an ISO-8601 date-time string");
    }

    @Test
    void noDetailNamesAJavaClassOrAParserToken() {
        List<Response> answers = List.of(
                http.post("/trade-items", "{\"name\":{}}"),
                http.post("/trade-items", "{\"name\":1e999}"),
                http.post("/trade-items", "{\"name\":\"x\",\"tradeItemTag\":false}"),
                http.post("/trade-items", "nul"),
                http.post("/trade-items", "\"just a string\""),
                http.post("/credentials/issue", "{\"type\":{}}"),
                http.post("/credentials/issue", "{\"@context\":[1]}"),
                http.post("/credentials/issue", "{\"expirationDate\":\"tomorrow\"}"),
                http.post("/credentials/verify", "{\"options\":[]}"),
                http.get("/trade-items?page=x"),
                http.get("/trade-item-tags?includeDeleted=maybe"));
        for (Response answer : answers) {
            assertThat(answer.status()).as(answer.body()).isEqualTo(400);
            assertThat(answer.json().get("detail").asText()).as(answer.body())
                    .doesNotContainPattern(ProblemJson.LEAKS);
        }
    }
}
