package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A query parameter is one the endpoint reads, given once, with a value it understands; anything else is a
 * 400 naming it. What an endpoint reads comes from its handler's signature, for every endpoint alike.
 */
class QueryParametersTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
        Fixtures.createTag(http, SharedTraceloom.unique("QUERY"));
    }

    private static List<String> errors(Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        List<String> errors = new ArrayList<>();
        response.json().get("errors").forEach(e -> errors.add(e.get("field").asText() + ": " + e.get("message").asText()));
        return errors;
    }

    @Test
    void anUnknownParameterIsNamedAndNotEchoedIntoLinks() {
        Response response = http.get("/trade-item-tags?foo=bar");

        assertThat(errors(response)).containsExactly("foo: is not a query parameter of this endpoint");
        assertThat(response.json().get("detail").asText()).isEqualTo(
                "foo is not a query parameter of this endpoint. This endpoint reads page, limit, includeDeleted.");
        assertThat(response.header("Link")).isNull();
    }

    @Test
    void eachEndpointReadsWhatItsHandlerDeclares() {
        assertThat(errors(http.get("/trade-items?includeDeleted=true")))
                .containsExactly("includeDeleted: is not a query parameter of this endpoint");
        assertThat(errors(http.get("/trade-items/x?limit=1")))
                .containsExactly("limit: is not a query parameter of this endpoint");
        assertThat(errors(http.get("/credentials/x?format=jwt")))
                .containsExactly("format: is not a query parameter of this endpoint");
        assertThat(errors(http.get("/contexts/traceloom/v1?v=2")))
                .containsExactly("v: is not a query parameter of this endpoint");
        assertThat(errors(http.post("/trade-items?dryRun=true", "{\"name\":\"x\"}")))
                .containsExactly("dryRun: is not a query parameter of this endpoint");
        assertThat(http.get("/trade-item-tags?page=1&limit=5&includeDeleted=true").status()).isEqualTo(200);
    }

    @Test
    void aParameterGivenTwiceIsRefusedNotHalfRead() {
        assertThat(errors(http.get("/trade-item-tags?page=1&page=2"))).containsExactly("page: must be given at most once");
        assertThat(errors(http.get("/trade-items?limit=5&limit=5"))).containsExactly("limit: must be given at most once");
    }

    @Test
    void everyBadParameterIsNamedOnce() {
        assertThat(errors(http.get("/trade-item-tags?x=1&page=1&x=2&y&page=2")))
                .containsExactly("x: is not a query parameter of this endpoint",
                        "y: is not a query parameter of this endpoint", "page: must be given at most once");
        assertThat(errors(http.get("/trade-item-tags?page=0&limit=101")))
                .containsExactly("page: must be a whole number from 1 to 2147483647",
                        "limit: must be a whole number from 1 to 100");
    }

    @Test
    void valuesAreReadLiterally() {
        for (String query : List.of("page=+1", "page=1.0", "page=%D9%A3", "limit=%201", "limit=1e1",
                "page=99999999999999999999", "limit=0x10")) {
            assertThat(http.get("/trade-items?" + query).status()).as(query).isEqualTo(400);
        }
        for (String value : List.of("yes", "1", "TRUE", "on", "")) {
            assertThat(http.get("/trade-item-tags?includeDeleted=" + value).status()).as(value).isEqualTo(400);
        }
        assertThat(errors(http.get("/trade-item-tags?includeDeleted=yes")))
                .containsExactly("includeDeleted: must be true or false");
        assertThat(errors(http.get("/trade-items?page="))).containsExactly("page: must have a value");
    }

    @Test
    void aQueryThatIsNotPercentEncodedUtf8IsNamed() {
        assertThat(errors(http.get("/trade-items?page=%C3%28"))).containsExactly("page: is not percent-encoded UTF-8");
        RawHttp.Response response = new RawHttp(http.baseUrl())
                .request("GET /trade-items?li%ZZmit=1 HTTP/1.1", List.of(), new byte[0]);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("li%ZZmit");
        assertThat(response.json().get("errors").get(0).get("message").asText())
                .isEqualTo("is not a percent-encoded UTF-8 parameter name");
    }

    @Test
    void linksCarryOnlyWhatTheEndpointReads() {
        Response response = http.get("/trade-item-tags?limit=1&includeDeleted=true");

        assertThat(response.status()).isEqualTo(200);
        for (String link : response.header("Link").split(", ")) {
            String query = link.substring(link.indexOf('?') + 1, link.indexOf('>'));
            List<String> names = new ArrayList<>();
            for (String pair : query.split("&")) {
                names.add(pair.substring(0, pair.indexOf('=')));
            }
            assertThat(names).as(link).containsExactlyInAnyOrder("page", "limit", "includeDeleted");
        }
        JsonNode first = response.json().get(0);
        assertThat(first.has("id")).isTrue();
    }
}
