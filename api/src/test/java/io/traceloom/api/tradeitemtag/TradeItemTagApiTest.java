package io.traceloom.api.tradeitemtag;

import static io.traceloom.api.support.SharedTraceloom.unique;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TradeItemTagApiTest {

    private static final String UUID_SHAPE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final String UTC_TIMESTAMP = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z";

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }


    @Test
    void aCreatedTagIsReadableAtOnce() {
        String code = unique("ORG");
        Response created = http.post("/trade-item-tags",
                "{\"code\":\"" + code + "\",\"name\":\"Organic\",\"description\":\"EU organic\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.contentType()).startsWith("application/json");
        JsonNode tag = created.json();
        assertThat(tag.get("id").asText()).matches(UUID_SHAPE);
        assertThat(tag.get("code").asText()).isEqualTo(code);
        assertThat(tag.get("name").asText()).isEqualTo("Organic");
        assertThat(tag.get("description").asText()).isEqualTo("EU organic");
        assertThat(tag.get("createdAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(tag.get("updatedAt")).isEqualTo(tag.get("createdAt"));
        assertThat(tag.get("deleted").asBoolean()).isFalse();
        assertThat(tag.get("deletedAt").isNull()).isTrue();
        assertThat(Fixtures.fieldNames(tag)).containsExactly(
                "id", "code", "name", "description", "createdAt", "updatedAt", "deleted", "deletedAt");
        assertThat(created.header("Location")).endsWith("/trade-item-tags/" + tag.get("id").asText());
        assertThat(created.header("ETag")).matches("\"\\d+\"");

        // read-your-writes: no waiting between the write and the read
        Response read = http.get("/trade-item-tags/" + tag.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(tag);
        assertThat(read.header("ETag")).isEqualTo(created.header("ETag"));
    }

    @Test
    void anUnchangedTagIsNotSentAgain() {
        JsonNode tag = Fixtures.createTag(http, unique("ETAG"));
        String path = "/trade-item-tags/" + tag.get("id").asText();
        String etag = http.get(path).header("ETag");

        assertThat(http.get(path, "If-None-Match", etag).status()).isEqualTo(304);
        assertThat(http.get(path, "If-None-Match", "\"999999\"").status()).isEqualTo(200);
    }

    @Test
    void aCodeCanBeUsedOnlyOnce() {
        String code = unique("DUP");
        Fixtures.createTag(http, code);

        Response again = http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"Other\"}");

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.contentType()).startsWith("application/problem+json");
        assertThat(again.json().get("errors").get(0).get("field").asText()).isEqualTo("code");
        assertThat(allTags(true).stream().filter(t -> t.get("code").asText().equals(code))).hasSize(1);
    }

    @Test
    void invalidTagsAreRefusedFieldByField() {
        int before = allTags(true).size();

        Response response = http.post("/trade-item-tags", "{\"code\":\" padded \",\"name\":\"\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("status").asInt()).isEqualTo(400);
        assertThat(problem.get("title").asText()).isNotBlank();
        assertThat(problem.get("detail").asText()).isNotBlank();
        List<String> fields = new ArrayList<>();
        problem.get("errors").forEach(error -> fields.add(error.get("field").asText()));
        assertThat(fields).containsExactly("code", "name");
        assertThat(allTags(true)).hasSize(before);
    }

    @Test
    void requiredFieldsMustBePresent() {
        Response response = http.post("/trade-item-tags", "{}");

        assertThat(response.status()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        response.json().get("errors").forEach(error -> fields.add(error.get("field").asText()));
        assertThat(fields).containsExactlyInAnyOrder("code", "name");
    }

    @Test
    void overlongValuesAreRefused() {
        Response response = http.post("/trade-item-tags",
                "{\"code\":\"" + "C".repeat(101) + "\",\"name\":\"n\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("code");
    }

    @Test
    void anUnknownTagIsNotFound() {
        Response response = http.get("/trade-item-tags/3f8a3c9e-0000-4000-8000-000000000000");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("status").asInt()).isEqualTo(404);
    }

    @Test
    void deletingATagKeepsItReadableMarkedDeleted() {
        JsonNode tag = Fixtures.createTag(http, unique("DEL"));
        String path = "/trade-item-tags/" + tag.get("id").asText();

        Response deleted = http.delete(path);

        assertThat(deleted.status()).isEqualTo(200);
        JsonNode record = deleted.json();
        assertThat(record.get("deleted").asBoolean()).isTrue();
        assertThat(record.get("deletedAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(record.get("updatedAt")).isEqualTo(record.get("deletedAt"));
        assertThat(record.get("createdAt")).isEqualTo(tag.get("createdAt"));
        assertThat(http.get(path).json()).isEqualTo(record);

        Response again = http.delete(path);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(record);

        assertThat(allTags(false)).noneMatch(t -> t.get("id").equals(tag.get("id")));
        assertThat(allTags(true)).anyMatch(t -> t.equals(record));
    }

    @Test
    void deletingAnUnknownTagIsNotFound() {
        Response response = http.delete("/trade-item-tags/3f8a3c9e-0000-4000-8000-000000000000");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @Test
    void listsArePagedWithTotalAndLinks() {
        for (int i = 0; i < 3; i++) {
            Fixtures.createTag(http, unique("PAGE"));
        }
        Response first = http.get("/trade-item-tags?page=1&limit=2");
        assertThat(first.status()).isEqualTo(200);
        long total = Long.parseLong(first.header("X-Total-Count"));
        long lastPage = (total + 1) / 2;
        assertThat(total).isGreaterThanOrEqualTo(3);
        assertThat(first.json()).hasSize(2);
        assertThat(first.header("Link"))
                .contains("page=1&limit=2>; rel=\"first\"")
                .contains("page=2&limit=2>; rel=\"next\"")
                .contains("page=" + lastPage + "&limit=2>; rel=\"last\"")
                .doesNotContain("rel=\"prev\"");

        Response last = http.get("/trade-item-tags?page=" + lastPage + "&limit=2");
        assertThat(last.json()).hasSize((int) (total - 2 * (lastPage - 1)));
        assertThat(last.header("Link")).contains("rel=\"prev\"").doesNotContain("rel=\"next\"");

        Response beyond = http.get("/trade-item-tags?page=" + (lastPage + 1) + "&limit=2");
        assertThat(beyond.status()).isEqualTo(200);
        assertThat(beyond.json()).isEmpty();

        Response defaults = http.get("/trade-item-tags");
        assertThat(defaults.json().size()).isEqualTo((int) Math.min(10, total));
    }

    @Test
    void pagingOutOfRangeIsRefused() {
        for (String query : List.of("page=0", "page=-1", "page=x", "limit=0", "limit=101", "limit=ten",
                "includeDeleted=maybe")) {
            Response response = http.get("/trade-item-tags?" + query);
            assertThat(response.status()).as(query).isEqualTo(400);
            assertThat(response.contentType()).as(query).startsWith("application/problem+json");
            assertThat(response.json().get("errors").get(0).get("field").asText()).as(query)
                    .isEqualTo(query.substring(0, query.indexOf('=')));
        }
        assertThat(http.get("/trade-item-tags?limit=100").status()).isEqualTo(200);
    }

    /**
     * The set is the catalogue's (see PartnerTagApiTest for its every rule); here, that trade item tags have it
     * and that items show what it did to their tags. It reaches the whole catalogue: a tenant of its own.
     */
    @Test
    void aSetChangesTheCatalogueAndItemsShowWhatItDidToTheirTags() {
        String[] tenant = OtherTenants.actingFor(java.util.UUID.randomUUID().toString());
        http.post("/trade-item-tags/set", "[{\"code\":\"ORG\",\"name\":\"Organic\"},"
                + "{\"code\":\"FT\",\"name\":\"Fair trade\"}]", tenant);
        JsonNode apples = http.post("/trade-items", "{\"name\":\"Apples\",\"tradeItemTag\":\"ORG\"}", tenant).json();
        JsonNode pears = http.post("/trade-items", "{\"name\":\"Pears\",\"tradeItemTag\":\"FT\"}", tenant).json();

        Response set = http.post("/trade-item-tags/set", "[{\"code\":\"ORG\",\"name\":\"Organic (EU)\"}]", tenant);

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.json().findValuesAsText("code")).containsExactly("ORG", "FT");
        JsonNode organic = set.json().get(0);
        JsonNode fairTrade = set.json().get(1);
        assertThat(fairTrade.get("deleted").asBoolean()).isTrue();
        assertThat(http.get("/trade-items/" + apples.get("id").asText(), tenant).json().get("tradeItemTag"))
                .isEqualTo(organic);
        assertThat(http.get("/trade-items/" + pears.get("id").asText(), tenant).json().get("tradeItemTag"))
                .isEqualTo(fairTrade);
        assertThat(http.post("/trade-items", "{\"name\":\"Plums\",\"tradeItemTag\":\"FT\"}", tenant).status())
                .as("a deleted tag cannot be put on an item").isEqualTo(400);

        Response bad = http.post("/trade-item-tags/set", "[{\"code\":\"A\",\"name\":\"a\"},{\"name\":\"b\"}]",
                tenant);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("errors").findValuesAsText("field")).containsExactly("[1].code");
        assertThat(http.get("/trade-item-tags", tenant).json().findValuesAsText("code")).containsExactly("ORG");
    }

    static List<JsonNode> allTags(boolean includeDeleted) {
        List<JsonNode> tags = new ArrayList<>();
        for (int page = 1; ; page++) {
            Response response = http.get("/trade-item-tags?limit=100&page=" + page + "&includeDeleted=" + includeDeleted);
            response.json().forEach(tags::add);
            if (response.json().size() < 100) {
                return tags;
            }
        }
    }

}
