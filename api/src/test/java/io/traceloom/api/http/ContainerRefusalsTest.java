package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Tomcat refuses before Spring sees the request is problem+json too, with the status named in
 * DESIGN.md and a detail in the client's terms, never an HTML page. Sent over a plain socket: a well-behaved
 * client cannot send these.
 */
class ContainerRefusalsTest {

    private static RawHttp raw;

    @BeforeAll
    static void start() {
        raw = new RawHttp(SharedTraceloom.get().http().baseUrl());
    }

    private static RawHttp.Response get(String target, String... headerLines) {
        return raw.request("GET " + target + " HTTP/1.1", List.of(headerLines), new byte[0]);
    }

    private static String assertProblem(RawHttp.Response response, int status) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.body()).doesNotContainIgnoringCase("<html");
        assertThat(response.json().get("status").asInt()).isEqualTo(status);
        assertThat(response.json().get("type").asText()).startsWith("urn:traceloom:problem:");
        assertThat(response.json().get("title").asText()).isNotBlank();
        assertThat(response.header("X-Request-Id")).isNotBlank();
        return response.json().get("detail").asText();
    }

    @Test
    void bracketsInThePathAreABadRequest() {
        assertThat(assertProblem(get("/trade-item-tags/[]"), 400))
                .isEqualTo("The path has a character that is not allowed in a URI path, '['; percent-encode it "
                        + "(RFC 3986).");
    }

    @Test
    void aPercentThatEncodesNothingIsABadRequest() {
        String expected = "The path has a '%' that does not start a percent-encoded byte ('%' and two "
                + "hexadecimal digits).";
        assertThat(assertProblem(get("/trade-item-tags/%"), 400)).isEqualTo(expected);
        assertThat(assertProblem(get("/trade-items/a%zz"), 400)).isEqualTo(expected);
    }

    @Test
    void anEncodedSlashOrBackslashIsABadRequest() {
        assertThat(assertProblem(get("/trade-item-tags/a%2Fb"), 400)).contains("encoded slash");
        assertThat(assertProblem(get("/trade-item-tags/a%2fb"), 400)).contains("encoded slash");
        assertThat(assertProblem(get("/trade-items/a%5Cb"), 400)).contains("encoded slash or backslash");
    }

    @Test
    void aPathThatIsNotUtf8OrHoldsNulIsABadRequest() {
        assertThat(assertProblem(get("/trade-items/%C3%28"), 400)).isEqualTo("The path does not decode to UTF-8 text.");
        assertThat(assertProblem(get("/trade-items/%00"), 400)).contains("NUL");
    }

    @Test
    void charactersTheRequestLineCannotHoldAreABadRequest() {
        assertThat(assertProblem(get("/trade-items?page={1}"), 400)).contains("percent-encode");
        assertThat(assertProblem(get("/trade-items/a\\b"), 400)).contains("percent-encode");
        assertThat(assertProblem(get("*"), 400)).isEqualTo("The request target must be a path that starts with '/'.");
    }

    @Test
    void headersOverTheLimitAre431() {
        String detail = assertProblem(get("/trade-items", "X-Padding: " + "a".repeat(9000)), 431);

        assertThat(detail).isEqualTo("The request's headers are larger than the 8192 bytes this service reads.");
    }

    @Test
    void tooManyHeaderFieldsAre431() {
        String[] many = new String[120];
        for (int i = 0; i < many.length; i++) {
            many[i] = "X-Field-" + i + ": 1";
        }
        assertThat(assertProblem(get("/trade-items", many), 431)).contains("more header fields");
    }

    @Test
    void aRequestLineOverTheLimitIs414() {
        assertThat(assertProblem(get("/trade-items?x=" + "a".repeat(9000)), 414))
                .isEqualTo("The request line is longer than the 8192 bytes this service reads.");
    }

    @Test
    void headerLinesThatAreNotHttpAreABadRequest() {
        String expected = "A request header is not valid HTTP (RFC 9110): its name must be a token followed by a "
                + "colon, and its value must not hold control characters.";
        assertThat(assertProblem(get("/trade-items", "Bad Header: 1"), 400)).isEqualTo(expected);
        assertThat(assertProblem(get("/trade-items", "X-Control: a\u0001b"), 400)).isEqualTo(expected);
    }

    @Test
    void hostMustBeGivenOnce() {
        String expected = "An HTTP/1.1 request needs exactly one Host header.";
        assertThat(assertProblem(get("/trade-items", RawHttp.WITHOUT_HOST), 400)).isEqualTo(expected);
        assertThat(assertProblem(get("/trade-items", "Host: a", "Host: b"), 400)).isEqualTo(expected);
    }

    @Test
    void theRequestLineMustBeHttp11() {
        assertThat(assertProblem(raw.request("G(T /trade-items HTTP/1.1", List.of(), new byte[0]), 400))
                .isEqualTo("The request method is not a valid HTTP method name.");
        assertProblem(raw.request("GET /trade-items HTTP/9.9", List.of(), new byte[0]), 505);
    }

    @Test
    void bodyFramingMustBeValid() {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        String json = "Content-Type: application/json";
        assertThat(assertProblem(raw.request("POST /trade-items HTTP/1.1",
                List.of(json, "Content-Length: two"), body), 400)).contains("Content-Length");
        assertThat(assertProblem(raw.request("POST /trade-items HTTP/1.1",
                List.of(json, "Content-Length: 2", "Content-Length: 3"), body), 400)).contains("Content-Length");
        assertProblem(raw.request("POST /trade-items HTTP/1.1", List.of(json, "Transfer-Encoding: gzip"), body), 501);
        assertThat(assertProblem(raw.request("POST /trade-items HTTP/1.1",
                List.of(json, "Transfer-Encoding: chunked"), "zz\r\n{}\r\n0\r\n\r\n".getBytes(StandardCharsets.UTF_8)),
                400)).contains("chunked transfer coding");
    }

    @Test
    void anUnsupportedExpectationIs417() {
        assertProblem(raw.request("POST /trade-items HTTP/1.1",
                List.of("Content-Type: application/json", "Expect: 200-ok"), "{}".getBytes(StandardCharsets.UTF_8)),
                417);
    }
}
