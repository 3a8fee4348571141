package io.traceloom.api.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The GS1-Conformant Resolver standard (1.2), point by point as GS1's own resolver test suite
 * (github.com/gs1/GS1DL-resolver-testsuite) checks it, numbered as in the research report behind this
 * feature (R1 to R32). Linksets are validated against GS1's linkset JSON schema, the one that suite loads,
 * and the description file against the standard's schema (both bundled under {@code src/test/resources/gs1}).
 */
class ResolverConformanceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema LINKSET_SCHEMA = schema("/gs1/gs1-linkset-schema.json");
    private static final Schema DESCRIPTION_SCHEMA = schema("/gs1/resolver-description-file-schema.RECONSTRUCTED.json");
    private static final String GS1 = "https://gs1.org/voc/";

    private static Http http;
    private static String base;
    /** A GTIN with a link set of its own, one for its lot LOT1, and one for the lot A/B. */
    private static String gtin;
    private static String dl;

    @BeforeAll
    static void linkSets() {
        http = SharedTraceloom.get().http();
        base = http.baseUrl();
        gtin = Gs1Keys.gtin();
        dl = "/01/" + gtin;
        put("{\"identifier\":\"01/" + gtin + "\",\"itemDescription\":\"Dal Giardino Risotto\",\"links\":["
                + link("gs1:pip", "https://example.com/en/risotto", "Product page", "en") + ","
                + link("gs1:pip", "https://example.com/de/risotto", "Produktseite", "de") + ","
                + link("https://ref.gs1.org/voc/epil", "https://example.com/leaflet?format=pdf", "Leaflet", "en") + ","
                + link("gs1:recipeInfo", "https://example.com/recipes#risotto", "Recipes") + "]}");
        put("{\"identifier\":\"01/" + gtin + "\",\"qualifier\":\"10/LOT1\",\"links\":["
                + link("gs1:traceability", "https://example.com/trace/LOT1", "Batch trace") + "]}");
        put("{\"identifier\":\"01/" + gtin + "\",\"qualifier\":\"10/A%2FB\",\"links\":["
                + link("gs1:pip", "https://example.com/lot-a-b", "Lot A/B") + "]}");
    }

    private static void put(String body) {
        Response created = http.put("/link-sets/" + UUID.randomUUID(), body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    private static String link(String type, String href, String title, String... lang) {
        return "{\"relationType\":\"" + type + "\",\"href\":\"" + href + "\",\"title\":\"" + title + "\",\"lang\":["
                + String.join(",", List.of(lang).stream().map(l -> "\"" + l + "\"").toList()) + "]}";
    }

    private static void assertRedirect(Response response, String location) {
        assertThat(response.status()).as(response.body()).isEqualTo(307);
        assertThat(response.header("Location")).isEqualTo(location);
    }

    private static void assertProblem(Response response, int status) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("status").asInt()).isEqualTo(status);
    }

    private static String linksetLink(String path) {
        return "<" + base + path + "?linkType=linkset>; rel=\"linkset\"; type=\"application/linkset+json\"";
    }

    // R1, R5, R6: the URI is checked; a bad one is 400, never 200

    @Test
    void r5BadDigitalLinkSyntaxIs400AndNever200() {
        String wrongCheckDigit = gtin.substring(0, 13) + ((gtin.charAt(13) - '0' + 1) % 10);
        for (String path : List.of(dl + "/foo", "/01/" + wrongCheckDigit, "/01/" + gtin.substring(1), "/99/" + gtin,
                "/12/" + gtin, dl + "/21/9/10/LOT1", dl + "/17/260101", dl + "/10/A/235/X",
                dl + "/10/" + "L".repeat(21), dl + "/10/L%20T", "/01", "/01/", "/00/" + gtin + "/10/LOT1")) {
            Response response = http.get(path);
            assertProblem(response, 400);
            assertThat(response.json().get("type").asText()).as(path)
                    .isEqualTo("urn:traceloom:problem:invalid-digital-link");
            assertThat(response.json().get("detail").asText()).as(path).isNotBlank();
        }
        assertThat(http.get(dl + "/foo").json().get("detail").asText())
                .isEqualTo("A GS1 Digital Link path is a primary key and its key qualifiers as AI/value pairs, such as "
                        + "/01/09506000134352/10/LOT1.");
    }

    @Test
    void r1LegacyAlphaKeysAreNoResolverPaths() {
        assertProblem(http.get("/gtin/" + gtin), 404);
    }

    // R7: nothing known at any level

    @Test
    void r7AValidKeyNothingIsKnownAboutIs404WithoutALinkset() {
        Response response = http.get("/01/" + Gs1Keys.gtin() + "/10/LOT1");

        assertProblem(response, 404);
        assertThat(response.header("Link")).isNull();
    }

    // R8, R9: walk up the qualifier path, inside (no redirect to the parent)

    @Test
    void r8AKeyWithoutALinkSetOfItsOwnFallsBackUpThePath() {
        assertRedirect(http.get(dl + "/10/KL8G"), "https://example.com/en/risotto");
        assertRedirect(http.get(dl + "/10/KL8G/21/9"), "https://example.com/en/risotto");
        assertRedirect(http.get(dl + "/10/LOT1/21/9"), "https://example.com/trace/LOT1");
        assertRedirect(http.get(dl + "/22/2A/10/LOT1"), "https://example.com/en/risotto");
    }

    // R10: the default link, 307, Location exactly its href

    @Test
    void r10WithoutLinkTypeTheAnswerIs307ToTheDefaultLink() {
        Response response = http.get(dl);

        assertRedirect(response, "https://example.com/en/risotto");
        assertThat(response.body()).isEmpty();
        assertThat(response.header("Link")).isEqualTo(linksetLink(dl));
        assertRedirect(http.get(dl + "/10/LOT1"), "https://example.com/trace/LOT1");
        assertRedirect(http.get(dl, "Accept-Language", "de"), "https://example.com/en/risotto");
        assertRedirect(http.get(dl + "?linkType=gs1:defaultLink"), "https://example.com/en/risotto");
    }

    // R11, R12, R20, R25, R26: the linkset

    @Test
    void r20TheLinksetIsValidAgainstGs1sSchema() {
        for (String path : List.of(dl, dl + "/10/LOT1", dl + "/10/LOT1/21/9", dl + "/10/A%2FB")) {
            Response response = http.get(path + "?linkType=linkset");
            assertThat(response.status()).as(path).isEqualTo(200);
            assertThat(LINKSET_SCHEMA.validate(response.json())).as(path + ": " + response.body()).isEmpty();
        }
    }

    @Test
    void r25TheLinksetHasAnEntryPerLevelAnchoredAtTheUriAskedFor() {
        JsonNode linkset = http.get(dl + "/10/LOT1?linkType=linkset").json().get("linkset");

        assertThat(linkset).extracting(entry -> entry.get("anchor").asText())
                .containsExactly(base + dl + "/10/LOT1", base + dl);
        assertThat(Fixtures.fieldNames(linkset.get(0)))
                .containsExactly("anchor", "itemDescription", GS1 + "defaultLink", GS1 + "traceability");
        assertThat(linkset.get(0).get("itemDescription").asText()).as("the default link's title").isEqualTo("Batch trace");
        assertThat(http.get(dl + "/10/KL8G?linkType=linkset").json().get("linkset"))
                .extracting(entry -> entry.get("anchor").asText()).as("no link set of its own").containsExactly(base + dl);
        assertThat(http.get(dl + "/10/A%2FB?linkType=linkset").json().at("/linkset/0/anchor").asText())
                .isEqualTo(base + dl + "/10/A%2FB");
    }

    @Test
    void r11EachAnchorHasOneDefaultLinkAlsoListedUnderItsOwnType() {
        JsonNode entry = http.get(dl + "?linkType=linkset").json().at("/linkset/0");

        assertThat(entry.get("anchor").asText()).isEqualTo(base + dl);
        assertThat(entry.get("itemDescription").asText()).isEqualTo("Dal Giardino Risotto");
        assertThat(Fixtures.fieldNames(entry)).containsExactly("anchor", "itemDescription", GS1 + "defaultLink",
                GS1 + "pip", GS1 + "epil", GS1 + "recipeInfo");
        JsonNode defaultLink = entry.get(GS1 + "defaultLink");
        assertThat(defaultLink).hasSize(1);
        assertThat(Fixtures.fieldNames(defaultLink.get(0))).containsExactly("href", "title");
        assertThat(defaultLink.at("/0/href").asText()).isEqualTo("https://example.com/en/risotto");
        assertThat(entry.get(GS1 + "pip")).extracting(link -> link.get("href").asText())
                .contains(defaultLink.at("/0/href").asText());
        assertThat(entry.at("/" + (GS1 + "pip").replace("/", "~1") + "/1")).isEqualTo(JSON.createObjectNode()
                .put("href", "https://example.com/de/risotto").put("title", "Produktseite")
                .set("hreflang", JSON.createArrayNode().add("de")));
        assertThat(Fixtures.fieldNames(entry.get(GS1 + "recipeInfo").get(0))).as("no languages: no hreflang")
                .containsExactly("href", "title");
    }

    // R14, R15: linkType

    @Test
    void r14ALinkTypeRedirectsToALinkOfThatTypeHoweverItIsWritten() {
        for (String linkType : List.of("gs1:epil", "gs1%3Aepil", "https://gs1.org/voc/epil",
                "https%3A%2F%2Fref.gs1.org%2Fvoc%2Fepil", "https://www.gs1.org/voc/epil", "epil")) {
            assertRedirect(http.get(dl + "?linkType=" + linkType), "https://example.com/leaflet?format=pdf");
        }
        assertRedirect(http.get(dl + "/10/LOT1?linkType=gs1:pip"), "https://example.com/en/risotto");
        assertRedirect(http.get(dl + "/10/LOT1?linkType=gs1:traceability"), "https://example.com/trace/LOT1");
    }

    @Test
    void r15ALinkTypeTheKeyDoesNotHaveIs404WithItsLinkset() {
        for (String linkType : List.of("gs1:nosuchlt", "gs1:traceability", "https://example.com/rel")) {
            Response response = http.get(dl + "?linkType=" + linkType);
            assertProblem(response, 404);
            assertThat(response.header("Link")).isEqualTo(linksetLink(dl));
        }
        assertProblem(http.get(dl + "?linkType=gs1:defaultLinkMulti"), 404);
    }

    // R16: several links of one type, chosen by Accept-Language

    @Test
    void r16AcceptLanguageChoosesAmongLinksOfTheType() {
        String pip = dl + "?linkType=gs1:pip";
        assertRedirect(http.get(pip), "https://example.com/en/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "de"), "https://example.com/de/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "de-CH"), "https://example.com/de/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "fr, de;q=0.5, en;q=0.4"), "https://example.com/de/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "en-GB,en;q=0.9"), "https://example.com/en/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "fr"), "https://example.com/en/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "de;q=0"), "https://example.com/en/risotto");
        assertRedirect(http.get(pip, "Accept-Language", "!!garbage!!"), "https://example.com/en/risotto");
        assertRedirect(http.get(pip, "Accept", "undefined", "Accept-Language", "de"), "https://example.com/de/risotto");
    }

    // R17: the query string is passed on

    @Test
    void r17TheQueryStringIsPassedOnToTheTargetLessLinkType() {
        assertRedirect(http.get(dl + "?foo=bar"), "https://example.com/en/risotto?foo=bar");
        assertRedirect(http.get(dl + "?linkType=gs1:epil&17=260101&flag&a=%2F;b"),
                "https://example.com/leaflet?format=pdf&17=260101&flag&a=%2F;b");
        assertRedirect(http.get(dl + "?x=1&linkType=gs1:recipeInfo"), "https://example.com/recipes?x=1#risotto");
        assertRedirect(http.get(dl + "?"), "https://example.com/en/risotto");
    }

    // R18, R19, R21, R22: the linkset on request

    @Test
    void r18TheLinksetIsAskedForByLinkTypeOrAccept() {
        for (Response response : List.of(http.get(dl + "?linkType=linkset"), http.get(dl + "?linkType=all"),
                http.get(dl, "Accept", "application/linkset+json"),
                http.get(dl + "?linkType=all", "Accept", "application/linkset+json"),
                http.get(dl, "Accept", "text/html;q=0.5, application/linkset+json"))) {
            assertThat(response.status()).as(response.body()).isEqualTo(200);
            assertThat(response.contentType()).isEqualTo("application/linkset+json");
            assertThat(response.header("Link")).isEqualTo(linksetLink(dl) + ", <https://ref.gs1.org/standards/"
                    + "resolver/linkset-context>; rel=\"http://www.w3.org/ns/json-ld#context\"; "
                    + "type=\"application/ld+json\"");
            assertThat(response.json().at("/linkset/0/anchor").asText()).isEqualTo(base + dl);
        }
    }

    @Test
    void r21AcceptJsonWithoutLinkTypeGetsTheLinksetAsJson() {
        Response json = http.get(dl, "Accept", "application/json");

        assertThat(json.status()).isEqualTo(200);
        assertThat(json.contentType()).isEqualTo("application/json");
        assertThat(json.json()).isEqualTo(http.get(dl + "?linkType=linkset").json());
        assertRedirect(http.get(dl + "?linkType=gs1:epil", "Accept", "application/json"),
                "https://example.com/leaflet?format=pdf");
    }

    @Test
    void anAcceptThatMatchesNothingStillRedirects() {
        for (String accept : List.of("undefined", "text/html", "*/*", "garbage///", "application/xml",
                "text/html, application/linkset+json;q=0.5", "application/json;q=0.5, text/html", ";;;")) {
            assertRedirect(http.get(dl, "Accept", accept), "https://example.com/en/risotto");
        }
    }

    // R2, R3, R23, R24: methods, CORS, the Link header

    @Test
    void r2HeadAnswersAsGetDoesWithoutABody() {
        for (String path : List.of(dl, dl + "?linkType=linkset", dl + "/10/KL8G", "/01/" + Gs1Keys.gtin(), dl + "/x")) {
            Response get = http.get(path);
            Response head = http.send("HEAD", path, null, null);
            assertThat(head.status()).as(path).isEqualTo(get.status());
            assertThat(head.header("Location")).as(path).isEqualTo(get.header("Location"));
            assertThat(head.header("Link")).as(path).isEqualTo(get.header("Link"));
            assertThat(head.body()).as(path).isEmpty();
        }
    }

    @Test
    void r3APreflightListingSeveralMethodsIsAnswered() {
        Response preflight = http.send("OPTIONS", dl, null, null, "Origin", "https://ref.gs1.org/test-suites/resolver/",
                "Access-Control-Request-Method", "GET,HEAD,OPTIONS");

        assertThat(preflight.status()).isEqualTo(200);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(preflight.header("Access-Control-Allow-Methods")).contains("GET", "HEAD", "OPTIONS");
        assertThat(preflight.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
        assertThat(preflight.header("Link")).as("R23").isEqualTo(linksetLink(dl)).doesNotContain("gs1:");
        assertThat(http.send("OPTIONS", dl + "/foo", null, null).status()).isEqualTo(200);
        assertThat(http.send("OPTIONS", dl + "/foo", null, null).header("Link")).isNull();
        assertThat(http.send("OPTIONS", "/.well-known/gs1resolver", null, null,
                "Access-Control-Request-Method", "GET").header("Access-Control-Allow-Origin")).isEqualTo("*");
    }

    @Test
    void r3EveryAnswerAllowsAnyOriginAndExposesLinkAndLocation() {
        for (String path : List.of(dl, dl + "?linkType=linkset", dl + "?linkType=gs1:nosuchlt", dl + "/foo",
                "/.well-known/gs1resolver")) {
            Response response = http.get(path, "Origin", "https://example.org");
            assertThat(response.header("Access-Control-Allow-Origin")).as(path).isEqualTo("*");
            assertThat(response.header("Access-Control-Expose-Headers")).as(path).contains("Link", "Location");
        }
        assertThat(http.get("/trade-items", "Origin", "https://example.org").header("Access-Control-Allow-Origin"))
                .as("the resolver's only").isNull();
    }

    @Test
    void wrongMethodsAre405() {
        Response put = http.put(dl, "{}");
        assertProblem(put, 405);
        assertThat(put.header("Allow")).isEqualTo("GET,HEAD,OPTIONS");
        assertProblem(http.send("DELETE", dl, null, null), 405);
    }

    // R28: a trailing slash

    @Test
    void r28ATrailingSlashIsTolerated() {
        for (String path : List.of(dl, dl + "/10/LOT1", dl + "/10/KL8G", "/01/" + Gs1Keys.gtin())) {
            Response without = http.get(path);
            Response with = http.get(path + "/");
            assertThat(with.status()).as(path).isEqualTo(without.status());
            assertThat(with.header("Location")).as(path).isEqualTo(without.header("Location"));
        }
        assertThat(http.get(dl + "/?linkType=linkset").json().at("/linkset/0/anchor").asText()).isEqualTo(base + dl);
    }

    // R29: the resolver description file

    @Test
    void r29TheDescriptionFileFollowsTheStandardsSchema() {
        Response response = http.get("/.well-known/gs1resolver", "Accept", "application/json");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode description = response.json();
        assertThat(DESCRIPTION_SCHEMA.validate(description)).as(response.body()).isEmpty();
        assertThat(description.get("resolverRoot").asText()).isEqualTo(base);
        assertThat(description.get("supportedPrimaryKeys")).extracting(JsonNode::asText).containsExactly("01", "00",
                "253", "255", "401", "402", "414", "417", "8003", "8004", "8006", "8010", "8013", "8017", "8018");
        assertThat(description.get("jsonLdContextLocation").asText())
                .isEqualTo("https://ref.gs1.org/standards/resolver/linkset-context");
        assertThat(description.get("linkTypeDefaultCanBeLinkset").asBoolean()).isFalse();
        assertThat(description.at("/supportedLinkType/0/prefix").asText()).isEqualTo("gs1:");
    }

    // R30: compression is not supported; a single segment is a 400, not a 500

    @Test
    void r30ACompressedLinkIsABadRequestNotAFailure() {
        assertProblem(http.get("/ARFKk4XB0CDKWcnpq"), 404);
        assertProblem(http.get("/1234567"), 400);
    }

    // R32: caches are told what the answer depends on

    @Test
    void r32NegotiatedAnswersVaryByAcceptAndAcceptLanguage() {
        assertThat(http.get(dl).header("Vary")).contains("Accept", "Accept-Language");
        assertThat(http.get(dl + "?linkType=linkset").header("Vary")).contains("Accept", "Accept-Language");
    }

    // Beyond the list: values holding '/' (anchors behind a proxy: ForwardedHeadersTest)

    @Test
    void aValueWithAnEncodedSlashIsOneValue() {
        assertRedirect(http.get(dl + "/10/A%2FB"), "https://example.com/lot-a-b");
        assertRedirect(http.get(dl + "/10/A%2fB"), "https://example.com/lot-a-b");
        assertRedirect(http.get(dl + "/10/A"), "https://example.com/en/risotto");
    }

    @Test
    void theSchemaIsGs1sAndRefusesWhatItShould() {
        assertThat(LINKSET_SCHEMA.validate(resource("/gs1/linkset-example-valid.json"))).isEmpty();
        assertThat(LINKSET_SCHEMA.validate(resource("/gs1/linkset-example-invalid.json"))).isNotEmpty();
        List<Error> curie = LINKSET_SCHEMA.validate(JSON.createObjectNode().set("linkset", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("anchor", "https://id.example.com/01/1").put("itemDescription", "x")
                        .set("gs1:pip", JSON.createArrayNode()))));
        assertThat(curie).as("relation types are IRIs, not CURIEs").isNotEmpty();
    }

    private static Schema schema(String path) {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(resource(path));
    }

    private static JsonNode resource(String path) {
        try (InputStream in = ResolverConformanceTest.class.getResourceAsStream(path)) {
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
