package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.SharedTraceloom;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Headers the service builds from what a client sent (the host it named, the query it asked with) fit in
 * Tomcat's response headers, or the request is refused: never the empty 500 Tomcat answers when they overflow.
 * A list's {@code Link} repeats its query four times; a resolver redirect's {@code Location} carries the query
 * on to the link's target.
 */
class EchoedHeadersTest {

    /** The longest name DNS allows: 253 characters, in labels of at most 63. */
    private static final String LONGEST_HOST = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "."
            + "d".repeat(61);

    private static Http http;
    private static RawHttp raw;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
        raw = new RawHttp(http.baseUrl());
    }

    private static RawHttp.Response get(String target, String host) {
        return raw.request("GET " + target + " HTTP/1.1", List.of("Host: " + host), new byte[0]);
    }

    private static void assertProblem(Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().at("/errors/0/field").asText()).isEqualTo(field);
        }
    }

    @Test
    void aCredentialFilterOverItsLimitIsRefusedNamingIt() {
        assertProblem(http.get("/credentials?subject=" + "s".repeat(4000)), 400, "subject");
        assertProblem(http.get("/credentials?type=" + "t".repeat(4000)), 400, "type");
        assertThat(http.get("/credentials?subject=" + "s".repeat(500) + "&type=" + "t".repeat(200)).status())
                .isEqualTo(200);
    }

    /** 400 characters of three UTF-8 bytes each are 3,600 characters percent-encoded, four times over. */
    @Test
    void aListWhoseLinksWouldNotFitIsRefusedAsTooLong() {
        String subject = URLEncoder.encode("€".repeat(400), StandardCharsets.UTF_8);

        Response refused = http.get("/credentials?subject=" + subject);

        assertProblem(refused, 414, null);
        assertThat(refused.json().get("detail").asText()).contains("Link");
    }

    @Test
    void aHostLongerThanAnyNameIsRefusedBeforeItIsRepeated() {
        RawHttp.Response refused = get("/trade-items", "h".repeat(5000));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.json().at("/errors/0/field").asText()).isEqualTo("Host");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/trade-item-tags", "/trade-items", "/credentials", "/files", "/link-sets", "/schemas",
            "/canvas-templates", "/auth/tenant-users", "/admin/tenants", "/partner-tags", "/custody-commissions",
            "/audit/events"})
    void everyListsLinksFitWithTheLongestHostName(String list) {
        RawHttp.Response page = get(list + "?page=2&limit=1", LONGEST_HOST);

        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(page.header("Link")).contains("<http://" + LONGEST_HOST);
    }

    /** A resolver's preflight names the headers asked for; a list longer than any real one is answered with *. */
    @Test
    void aPreflightAskingForMoreHeadersThanFitIsStillAnswered() {
        String many = String.join(", ", java.util.Collections.nCopies(700, "x-custom-header"));

        RawHttp.Response preflight = raw.request("OPTIONS /01/09506000134352 HTTP/1.1", List.of(
                "Origin: https://app.example", "Access-Control-Request-Method: GET",
                "Access-Control-Request-Headers: " + many.substring(0, 7800)), new byte[0]);

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("Access-Control-Allow-Headers")).isEqualTo("*");
        RawHttp.Response ordinary = raw.request("OPTIONS /01/09506000134352 HTTP/1.1", List.of(
                "Origin: https://app.example", "Access-Control-Request-Method: GET",
                "Access-Control-Request-Headers: accept, accept-language"), new byte[0]);
        assertThat(ordinary.header("Access-Control-Allow-Headers")).isEqualTo("accept, accept-language");
    }

    @Test
    void aRedirectThatWouldCarryTooLongAQueryIsRefusedAsTooLong() {
        String gtin = Gs1Keys.gtin();
        String href = "https://example.com/" + "p".repeat(1900);
        assertThat(http.put("/link-sets/" + gtin, "{\"identifier\":\"01/" + gtin + "\",\"links\":["
                + "{\"relationType\":\"gs1:pip\",\"href\":\"" + href + "\",\"title\":\"P\"}]}").status()).isEqualTo(201);

        assertThat(http.get("/01/" + gtin + "?x=" + "q".repeat(1000)).header("Location"))
                .isEqualTo(href + "?x=" + "q".repeat(1000));
        assertProblem(http.get("/01/" + gtin + "?x=" + "q".repeat(6500)), 414, null);
    }
}
