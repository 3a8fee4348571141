package io.traceloom.api.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.kernel.linkset.LinkSetIds;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code /link-sets} over HTTP: every rule, its success and its refusal. */
class LinkSetApiTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    private static String body(String identifier, String qualifier, String links) {
        return "{\"identifier\":\"" + identifier + "\",\"qualifier\":\"" + qualifier + "\",\"links\":[" + links + "]}";
    }

    private static String link(String relationType, String href, String title, String... lang) {
        return "{\"relationType\":\"" + relationType + "\",\"href\":\"" + href + "\",\"title\":\"" + title
                + "\",\"lang\":[" + String.join(",", List.of(lang).stream().map(l -> "\"" + l + "\"").toList()) + "]}";
    }

    private static final String PIP = link("gs1:pip", "https://example.com/p", "Product page", "en");

    private static void assertProblem(Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().path("errors").findValuesAsText("field")).as(response.body()).contains(field);
        }
    }

    @Test
    void aPutCreatesTheLinkSetUnderItsIdWith201() {
        String id = id();
        String gtin = Gs1Keys.gtin();

        Response created = http.put("/link-sets/" + id, body("/01/" + gtin, "10/LOT1", PIP + ","
                + link("gs1:epil", "https://example.com/leaflet", "Leaflet", "DE-ch", "fr")));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("Location")).endsWith("/link-sets/" + id);
        assertThat(created.header("ETag")).isEqualTo("\"0\"");
        JsonNode linkSet = created.json();
        assertThat(Fixtures.fieldNames(linkSet)).containsExactly("id", "identifier", "qualifier", "itemDescription",
                "links", "createdAt", "updatedAt");
        assertThat(linkSet.get("id").asText()).isEqualTo(id);
        assertThat(linkSet.get("identifier").asText()).isEqualTo("01/" + gtin);
        assertThat(linkSet.get("qualifier").asText()).isEqualTo("10/LOT1");
        assertThat(linkSet.get("itemDescription").asText()).as("the default link's title").isEqualTo("Product page");
        JsonNode epil = linkSet.get("links").get(1);
        assertThat(Fixtures.fieldNames(epil)).as("objectKey is absent until files arrive")
                .containsExactly("relationType", "title", "href", "lang", "createdAt", "updatedAt");
        assertThat(epil.get("relationType").asText()).isEqualTo("gs1:epil");
        assertThat(epil.get("lang")).extracting(JsonNode::asText).containsExactly("de-CH", "fr");
        assertThat(epil.get("createdAt").asText()).isEqualTo(linkSet.get("createdAt").asText());

        Response read = http.get("/link-sets/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(linkSet);
        assertThat(read.header("ETag")).isEqualTo("\"0\"");
        assertThat(http.get("/link-sets/" + id, "If-None-Match", "\"0\"").status()).isEqualTo(304);
    }

    @Test
    void aReplaceKeepsTheIdAndWhenEachLinkStillThereAppeared() {
        String id = id();
        String gtin = Gs1Keys.gtin();
        JsonNode first = http.put("/link-sets/" + id, body("01/" + gtin, "", PIP)).json();

        Response replaced = http.put("/link-sets/" + id, "{\"id\":\"" + id + "\",\"identifier\":\"01/" + gtin
                + "\",\"itemDescription\":\"Risotto\",\"links\":[" + link("https://www.gs1.org/voc/pip",
                "https://example.com/p", "Product page", "EN") + "," + link("gs1:recipeInfo",
                "https://example.com/r", "Recipes") + "]}");

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(201);
        assertThat(replaced.header("ETag")).isEqualTo("\"1\"");
        JsonNode linkSet = replaced.json();
        assertThat(linkSet.get("id").asText()).isEqualTo(id);
        assertThat(linkSet.get("qualifier").asText()).as("left out: none").isEmpty();
        assertThat(linkSet.get("itemDescription").asText()).isEqualTo("Risotto");
        assertThat(linkSet.get("createdAt")).isEqualTo(first.get("createdAt"));
        assertThat(Instant.parse(linkSet.get("updatedAt").asText()))
                .isAfter(Instant.parse(first.get("updatedAt").asText()));
        assertThat(linkSet.at("/links/0/createdAt")).as("the same link").isEqualTo(first.at("/links/0/createdAt"));
        assertThat(linkSet.at("/links/0/updatedAt")).as("its title did not change").isEqualTo(first.at("/links/0/updatedAt"));
        assertThat(linkSet.at("/links/1/createdAt")).isEqualTo(linkSet.get("updatedAt"));
        assertThat(http.get("/link-sets?identifier=01/" + gtin).json()).hasSize(1);
    }

    @Test
    void aPutThatChangesNothingKeepsTheVersion() {
        String id = id();
        String body = body("01/" + Gs1Keys.gtin(), "", PIP);
        http.put("/link-sets/" + id, body);

        Response again = http.put("/link-sets/" + id, body);

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("ETag")).isEqualTo("\"0\"");
    }

    @Test
    void aBodyIdOtherThanThePathsIsRefused() {
        String id = id();
        assertProblem(http.put("/link-sets/" + id, "{\"id\":\"other\",\"identifier\":\"01/" + Gs1Keys.gtin()
                + "\",\"links\":[" + PIP + "]}"), 400, "id");
        assertThat(http.get("/link-sets/" + id).status()).isEqualTo(404);
    }

    @Test
    void anIdMustBeUrlSafe() {
        String body = body("01/" + Gs1Keys.gtin(), "", PIP);
        assertProblem(http.put("/link-sets/a:b", body), 400, "id");
        assertProblem(http.put("/link-sets/" + "x".repeat(101), body), 400, "id");
        assertProblem(http.put("/link-sets/caf%C3%A9", body), 400, "id");
        assertProblem(http.get("/link-sets/a:b"), 404, null);
        assertProblem(http.delete("/link-sets/a:b"), 404, null);
        assertThat(http.put("/link-sets/My.Link_Set~1-" + UUID.randomUUID().toString().substring(0, 8), body).status())
                .isEqualTo(201);
    }

    @Test
    void theKeyIsCheckedAsGs1DigitalLinkSyntax() {
        String gtin = Gs1Keys.gtin();
        String bad = gtin.substring(0, 13) + ((gtin.charAt(13) - '0' + 1) % 10);
        Response wrongDigit = http.put("/link-sets/" + id(), body("01/" + bad, "", PIP));
        assertProblem(wrongDigit, 400, "identifier");
        assertThat(wrongDigit.json().get("detail").asText()).contains("wrong check digit");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin.substring(1), "", PIP)), 400, "identifier");
        assertProblem(http.put("/link-sets/" + id(), body("99/" + gtin, "", PIP)), 400, "identifier");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin + "/10/LOT1", "", PIP)), 400, "identifier");
        assertProblem(http.put("/link-sets/" + id(), body(gtin, "", PIP)), 400, "identifier");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin, "21/9/10/LOT1", PIP)), 400, "qualifier");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin, "17/260101", PIP)), 400, "qualifier");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin, "10", PIP)), 400, "qualifier");
        assertProblem(http.put("/link-sets/" + id(), body("01/" + gtin, "10/" + "L".repeat(21), PIP)), 400,
                "qualifier");
        assertProblem(http.put("/link-sets/" + id(), "{\"links\":[" + PIP + "]}"), 400, "identifier");
        assertProblem(http.put("/link-sets/" + id(), body("", "", PIP)), 400, "identifier");
    }

    @Test
    void linksAreCheckedOneByOne() {
        String key = "01/" + Gs1Keys.gtin();
        assertProblem(http.put("/link-sets/" + id(), body(key, "", "")), 400, "links");
        assertProblem(http.put("/link-sets/" + id(), "{\"identifier\":\"" + key + "\"}"), 400, "links");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", PIP + ",null")), 400, "links[1]");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("gs1:nosuchtype", "https://x.example", "T"))),
                400, "links[0].relationType");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", PIP + "," + link("gs1:defaultLink",
                "https://x.example", "T"))), 400, "links[1].relationType");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("pip", "https://x.example", "T"))), 400,
                "links[0].relationType");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("gs1:pip", "mailto:a@example.com", "T"))), 400,
                "links[0].href");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("gs1:pip", "//example.com/p", "T"))), 400,
                "links[0].href");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("gs1:pip", "https://x.example", ""))), 400,
                "links[0].title");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", link("gs1:pip", "https://x.example", "T", "eng"))),
                400, "links[0].lang[0]");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", PIP + "," + PIP)), 400, "links[1]");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", "{\"relationType\":\"gs1:pip\",\"href\":"
                + "\"https://x.example\",\"title\":\"T\",\"objectKey\":\"k\"}")), 400, "links[0].objectKey");
        assertProblem(http.put("/link-sets/" + id(), body(key, "", "{\"relationType\":\"gs1:pip\",\"href\":"
                + "\"https://x.example\",\"title\":\"T\",\"lang\":\"en\"}")), 400, "links[0].lang");
        assertThat(http.put("/link-sets/" + id(), body(key, "", "{\"relationType\":\"https://test.uncefact.org/"
                + "vocabulary/linkTypes/dpp\",\"href\":\"http://x.example/dpp?a=1#b\",\"title\":\"DPP\"}")).status())
                .as("another http IRI, lang left out").isEqualTo(201);
    }

    @Test
    void aKeyBelongsToOneLinkSetUntilItIsDeleted() {
        String key = "01/" + Gs1Keys.gtin();
        String first = id();
        assertThat(http.put("/link-sets/" + first, body(key, "10/A", PIP)).status()).isEqualTo(201);

        Response taken = http.put("/link-sets/" + id(), body("/" + key, "%31%30/A", PIP));
        assertProblem(taken, 409, null);
        assertThat(taken.json().get("detail").asText())
                .isEqualTo("The GS1 Digital Link key " + key + "/10/A is taken by your link set '" + first + "'.");

        assertThat(http.put("/link-sets/" + first, body(key, "10/B", PIP)).status()).as("moved on").isEqualTo(201);
        String second = id();
        assertThat(http.put("/link-sets/" + second, body(key, "10/A", PIP)).status()).as("free again").isEqualTo(201);

        assertThat(http.delete("/link-sets/" + second).status()).isEqualTo(204);
        assertThat(http.get("/link-sets/" + second).status()).isEqualTo(404);
        assertProblem(http.delete("/link-sets/" + second), 404, null);
        assertThat(http.put("/link-sets/" + id(), body(key, "10/A", PIP)).status()).as("deleted: free").isEqualTo(201);
        assertThat(http.put("/link-sets/" + second, body(key, "10/C", PIP)).status()).as("the id again").isEqualTo(201);
    }

    @Test
    void writesHonourIfMatch() {
        String id = id();
        String key = "01/" + Gs1Keys.gtin();
        assertProblem(http.put("/link-sets/" + id, body(key, "", PIP), "If-Match", "*"), 412, null);
        http.put("/link-sets/" + id, body(key, "", PIP));

        assertProblem(http.put("/link-sets/" + id, body(key, "10/X", PIP), "If-Match", "\"7\""), 412, null);
        assertThat(http.put("/link-sets/" + id, body(key, "10/X", PIP), "If-Match", "\"0\"").header("ETag"))
                .isEqualTo("\"1\"");
        assertProblem(http.delete("/link-sets/" + id, "If-Match", "\"0\""), 412, null);
        assertThat(http.delete("/link-sets/" + id, "If-Match", "\"1\"").status()).isEqualTo(204);
    }

    @Test
    void listsPageAndFilterByPrimaryKey() {
        String gtin = Gs1Keys.gtin();
        for (String lot : List.of("A", "B", "C")) {
            assertThat(http.put("/link-sets/" + id(), body("01/" + gtin, "10/" + lot, PIP)).status()).isEqualTo(201);
        }

        Response page = http.get("/link-sets?identifier=/01/" + gtin + "&limit=2&page=2");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("X-Total-Count")).isEqualTo("3");
        assertThat(page.json()).extracting(node -> node.get("qualifier").asText()).containsExactly("10/C");
        assertThat(http.get("/link-sets?limit=100").header("X-Total-Count")).isNotNull();
        assertProblem(http.get("/link-sets?identifier=01/123"), 400, "identifier");
        assertProblem(http.get("/link-sets?qualifier=10/A"), 400, "qualifier");
    }

    @Test
    void everyCreateReplaceAndDeleteRecordsWhoDidIt() {
        String id = id();
        String key = "01/" + Gs1Keys.gtin();
        http.put("/link-sets/" + id, body(key, "", PIP), "X-Request-Id", "link-set-create");
        http.put("/link-sets/" + id, body(key, "10/X", PIP), "X-Request-Id", "link-set-replace");
        http.delete("/link-sets/" + id, "X-Request-Id", "link-set-delete");

        ApiProperties.Local caller = SharedTraceloom.get().bean(ApiProperties.class).security().local();
        List<? extends DomainEventMessage<?>> events = SharedTraceloom.get().bean(EventStore.class)
                .readEvents(LinkSetIds.of(caller.tenantId(), id)).asStream().toList();
        assertThat(events).extracting(event -> event.getPayloadType().getSimpleName())
                .containsExactly("LinkSetCreated", "LinkSetReplaced", "LinkSetDeleted");
        assertThat(events).extracting(event -> event.getMetaData().get("requestId"))
                .containsExactly("link-set-create", "link-set-replace", "link-set-delete");
        assertThat(events).allSatisfy(event -> {
            assertThat(event.getMetaData().get("userId")).isEqualTo(caller.userId());
            assertThat(event.getMetaData().get("tenantId")).isEqualTo(caller.tenantId());
        });
    }

    @Test
    void aPutIsVisibleToTheResolverAtOnce() {
        String gtin = Gs1Keys.gtin();
        String id = id();
        http.put("/link-sets/" + id, body("01/" + gtin, "", PIP));
        assertThat(http.get("/01/" + gtin).header("Location")).isEqualTo("https://example.com/p");

        http.put("/link-sets/" + id, body("01/" + gtin, "", link("gs1:pip", "https://example.com/v2", "New")));
        assertThat(http.get("/01/" + gtin).header("Location")).isEqualTo("https://example.com/v2");

        http.delete("/link-sets/" + id);
        assertThat(http.get("/01/" + gtin).status()).isEqualTo(404);
    }
}
