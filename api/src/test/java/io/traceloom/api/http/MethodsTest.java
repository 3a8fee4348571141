package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code Allow} lists what really answers, HEAD and OPTIONS included, and every method it lists answers. */
class MethodsTest {

    private static Http http;
    private static String tagPath;

    /**
     * Each resource and what answers there, in the order {@code Allow} lists them. GET answers at
     * {@code /credentials/issue} too: it is a credential id there, of a credential that does not exist (404).
     */
    private static Map<String, String> resources;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
        tagPath = "/trade-item-tags/" + Fixtures.createTag(http, SharedTraceloom.unique("ALLOW")).get("id").asText();
        resources = Map.ofEntries(
                Map.entry("/trade-item-tags", "GET,HEAD,POST,OPTIONS"),
                Map.entry(tagPath, "GET,HEAD,DELETE,OPTIONS"),
                Map.entry("/trade-items", "GET,HEAD,POST,OPTIONS"),
                Map.entry("/trade-items/x", "GET,HEAD,DELETE,OPTIONS"),
                Map.entry("/credentials/issue", "GET,HEAD,POST,OPTIONS"),
                Map.entry("/credentials/verify", "GET,HEAD,POST,OPTIONS"),
                Map.entry("/credentials/x", "GET,HEAD,OPTIONS"),
                Map.entry("/contexts/traceloom/v1", "GET,HEAD,OPTIONS"),
                Map.entry("/link-sets", "GET,HEAD,OPTIONS"),
                Map.entry("/01/09506000134352/10/LOT1", "GET,HEAD,OPTIONS"),
                Map.entry("/.well-known/gs1resolver", "GET,HEAD,OPTIONS"));
    }

    @Test
    void aMethodThatDoesNotAnswerIs405WithTheMethodsThatDo() {
        resources.forEach((path, allowed) -> {
            for (String method : new String[] {"PUT", "PATCH", "TRACE"}) {
                Response response = http.send(method, path, "application/json", BodyPublishers.ofString("{}"));
                assertThat(response.status()).as(method + " " + path).isEqualTo(405);
                assertThat(response.contentType()).as(method + " " + path).startsWith("application/problem+json");
                assertThat(response.header("Allow")).as(method + " " + path).isEqualTo(allowed);
                assertThat(response.json().get("detail").asText()).isEqualTo("Method " + method
                        + " is not allowed here; this resource answers " + allowed.replace(",", ", ") + ".");
            }
        });
        Response credentialDelete = http.delete("/credentials/x");
        assertThat(credentialDelete.status()).isEqualTo(405);
        assertThat(credentialDelete.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
    }

    @Test
    void optionsAnswersWithTheSameMethods() {
        resources.forEach((path, allowed) -> {
            Response response = http.send("OPTIONS", path, null, null);
            assertThat(response.status()).as(path).isEqualTo(200);
            assertThat(response.header("Allow").split(",")).as(path)
                    .containsExactlyInAnyOrder(allowed.split(","));
        });
    }

    @Test
    void headAnswersWhereGetDoes() {
        Response head = http.send("HEAD", tagPath, null, null);
        Response get = http.get(tagPath);

        assertThat(head.status()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.header("ETag")).isEqualTo(get.header("ETag"));
        assertThat(http.send("HEAD", "/trade-items", null, null).header("X-Total-Count")).isNotNull();
        assertThat(http.send("HEAD", "/contexts/traceloom/v1", null, null).status()).isEqualTo(200);
        assertThat(http.send("HEAD", "/trade-items/no-such-item", null, null).status()).isEqualTo(404);
    }
}
