package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The conventions of DESIGN.md that every resource shares, checked over real HTTP. */
class HttpConventionsTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static void assertProblem(Response response, int status) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("status").asInt()).isEqualTo(status);
        assertThat(response.json().has("type")).isTrue();
        assertThat(response.json().get("title").asText()).isNotBlank();
        assertThat(response.json().get("detail").asText()).isNotBlank();
    }

    @Test
    void malformedJsonIsABadRequest() {
        assertProblem(http.post("/trade-items", "{\"name\":"), 400);
        assertProblem(http.post("/trade-items", "{\"name\":\"x\"} trailing"), 400);
        assertProblem(http.post("/trade-items", ""), 400);
        assertProblem(http.post("/trade-items", "[]"), 400);
    }

    @Test
    void anUnknownFieldIsNamed() {
        Response response = http.post("/trade-items", "{\"name\":\"Apples\",\"tradeItemTags\":\"ORG\"}");

        assertProblem(response, 400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("tradeItemTags");
    }

    @Test
    void aValueOfTheWrongTypeIsNamed() {
        Response response = http.post("/trade-items", "{\"name\":42}");

        assertProblem(response, 400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("name");
        assertThat(response.json().get("errors").get(0).get("message").asText()).isEqualTo("must be a string");
    }

    @Test
    void aBodyThatIsNotJsonIsAnUnsupportedMediaType() {
        assertProblem(http.send("POST", "/trade-items", "text/plain", BodyPublishers.ofString("name=Apples")), 415);
    }

    @Test
    void aWrongMethodIsNotAllowed() {
        assertProblem(http.send("PATCH", "/trade-items", "application/json", BodyPublishers.ofString("{}")), 405);
        assertProblem(http.send("PUT", "/trade-item-tags", "application/json", BodyPublishers.ofString("{}")), 405);
    }

    @Test
    void anUnknownRouteIsNotFound() {
        assertProblem(http.get("/no-such-resource"), 404);
        assertProblem(http.get("/"), 404);
    }

    @Test
    void anOversizedBodyIsRefused() {
        byte[] large = ("{\"name\":\"" + "a".repeat(2 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);

        assertProblem(http.send("POST", "/trade-items", "application/json", BodyPublishers.ofByteArray(large)), 413);
        assertProblem(http.send("POST", "/trade-items", "application/json", Http.chunked(large)), 413);
    }

    @Test
    void everyAnswerCarriesARequestId() {
        assertThat(http.get("/trade-items").header("X-Request-Id")).isNotBlank();
        assertThat(http.get("/trade-items", "X-Request-Id", "abc-123").header("X-Request-Id")).isEqualTo("abc-123");
        assertThat(http.get("/trade-items", "X-Request-Id", "bad id <script>").header("X-Request-Id"))
                .isNotEqualTo("bad id <script>");
    }

    @Test
    void readinessReportsTheReadModels() {
        Response readiness = http.get("/actuator/health/readiness");

        assertThat(readiness.status()).isEqualTo(200);
        assertThat(readiness.json().at("/components/readModels/status").asText()).isEqualTo("UP");
    }
}
