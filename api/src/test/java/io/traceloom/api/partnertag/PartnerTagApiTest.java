package io.traceloom.api.partnertag;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Partner tags over HTTP. A set reaches the whole catalogue of its tenant, so each test acts for a tenant of
 * its own.
 */
class PartnerTagApiTest {

    private static final String UUID_SHAPE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final String UTC_TIMESTAMP = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z";

    private static Http http;
    private String[] tenant;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    @BeforeEach
    void freshTenant() {
        tenant = actingFor(UUID.randomUUID().toString());
    }

    private Response set(String body, String... headers) {
        return http.post("/partner-tags/set", body, more(headers));
    }

    private Response get(String path, String... headers) {
        return http.get(path, more(headers));
    }

    private String[] more(String... headers) {
        String[] all = new String[tenant.length + headers.length];
        System.arraycopy(tenant, 0, all, 0, tenant.length);
        System.arraycopy(headers, 0, all, tenant.length, headers.length);
        return all;
    }

    private List<String> codes(JsonNode tags) {
        List<String> codes = new ArrayList<>();
        tags.forEach(tag -> codes.add(tag.get("code").asText()));
        return codes;
    }

    private JsonNode all() {
        return get("/partner-tags?includeDeleted=true&limit=100").json();
    }

    @Test
    void aSetOnAnEmptyCatalogueCreatesItsTagsInItsOrder() {
        Response response = set("[{\"code\":\"ACME\",\"name\":\"Acme\",\"description\":\"Supplier\"},"
                + "{\"code\":\"GLOBEX\",\"name\":\"Globex\"}]");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode tags = response.json();
        assertThat(codes(tags)).containsExactly("ACME", "GLOBEX");
        JsonNode acme = tags.get(0);
        assertThat(Fixtures.fieldNames(acme)).containsExactly(
                "id", "code", "name", "description", "createdAt", "updatedAt", "deleted", "deletedAt");
        assertThat(acme.get("id").asText()).matches(UUID_SHAPE);
        assertThat(acme.get("name").asText()).isEqualTo("Acme");
        assertThat(acme.get("description").asText()).isEqualTo("Supplier");
        assertThat(acme.get("createdAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(acme.get("updatedAt")).isEqualTo(acme.get("createdAt"));
        assertThat(acme.get("deleted").asBoolean()).isFalse();
        assertThat(acme.get("deletedAt").isNull()).isTrue();
        assertThat(tags.get(1).get("description").isNull()).isTrue();

        // read-your-writes, one by one and listed
        assertThat(get("/partner-tags/" + acme.get("id").asText()).json()).isEqualTo(acme);
        assertThat(get("/partner-tags").json()).isEqualTo(tags);
    }

    @Test
    void aSetUpdatesWhatChangedKeepsWhatDidNotDeletesWhatItLeavesOutAndRestoresWhatComesBack() {
        JsonNode before = set("[{\"code\":\"ACME\",\"name\":\"Acme\"},{\"code\":\"GLOBEX\",\"name\":\"Globex\"},"
                + "{\"code\":\"INITECH\",\"name\":\"Initech\"}]").json();
        String acmeETag = get("/partner-tags/" + before.get(0).get("id").asText()).header("ETag");

        Response second = set("[{\"code\":\"GLOBEX\",\"name\":\"Globex Corp.\",\"description\":\"renamed\"},"
                + "{\"code\":\"ACME\",\"name\":\"Acme\"},{\"code\":\"HOOLI\",\"name\":\"Hooli\"}]");

        assertThat(second.status()).isEqualTo(200);
        JsonNode tags = second.json();
        assertThat(codes(tags)).as("the set's codes in its order, then those it deleted")
                .containsExactly("GLOBEX", "ACME", "HOOLI", "INITECH");
        JsonNode globex = tags.get(0);
        assertThat(globex.get("id")).isEqualTo(before.get(1).get("id"));
        assertThat(globex.get("name").asText()).isEqualTo("Globex Corp.");
        assertThat(globex.get("createdAt")).isEqualTo(before.get(1).get("createdAt"));
        assertThat(Instant.parse(globex.get("updatedAt").asText()))
                .isAfter(Instant.parse(before.get(1).get("updatedAt").asText()));
        assertThat(tags.get(1)).as("unchanged: the same record").isEqualTo(before.get(0));
        assertThat(get("/partner-tags/" + before.get(0).get("id").asText()).header("ETag"))
                .as("unchanged: no event, the same version").isEqualTo(acmeETag);
        JsonNode initech = tags.get(3);
        assertThat(initech.get("id")).isEqualTo(before.get(2).get("id"));
        assertThat(initech.get("deleted").asBoolean()).isTrue();
        assertThat(initech.get("deletedAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(initech.get("updatedAt")).isEqualTo(initech.get("deletedAt"));
        assertThat(codes(get("/partner-tags").json())).containsExactly("ACME", "GLOBEX", "HOOLI");

        Response third = set("[{\"code\":\"INITECH\",\"name\":\"Initech\",\"description\":\"back\"}]");

        JsonNode restored = third.json().get(0);
        assertThat(restored.get("id")).isEqualTo(before.get(2).get("id"));
        assertThat(restored.get("deleted").asBoolean()).isFalse();
        assertThat(restored.get("deletedAt").isNull()).isTrue();
        assertThat(restored.get("description").asText()).isEqualTo("back");
        assertThat(restored.get("createdAt")).isEqualTo(before.get(2).get("createdAt"));
        assertThat(codes(third.json())).containsExactly("INITECH", "ACME", "GLOBEX", "HOOLI");
        assertThat(codes(get("/partner-tags").json())).containsExactly("INITECH");
    }

    @Test
    void anEmptySetDeletesEveryLiveTag() {
        set("[{\"code\":\"ACME\",\"name\":\"Acme\"},{\"code\":\"GLOBEX\",\"name\":\"Globex\"}]");

        Response emptied = set("[]");

        assertThat(emptied.status()).isEqualTo(200);
        assertThat(codes(emptied.json())).containsExactly("ACME", "GLOBEX");
        emptied.json().forEach(tag -> assertThat(tag.get("deleted").asBoolean()).isTrue());
        assertThat(get("/partner-tags").json()).isEmpty();
        assertThat(get("/partner-tags").header("X-Total-Count")).isEqualTo("0");

        Response again = set("[]");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).as("nothing left to delete").isEmpty();
    }

    @Test
    void anEmptySetOfANewTenantIsAnEmptyAnswer() {
        Response response = set("[]");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json()).isEmpty();
        assertThat(set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]").status()).isEqualTo(200);
    }

    @Test
    void aBadElementIsRefusedByItsIndexAndNothingChanges() {
        set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]");
        JsonNode before = all();

        assertRefused("[{\"code\":\"A\",\"name\":\"a\"},{\"code\":\"B\",\"name\":\"b\"},{\"code\":\"A\",\"name\":\"c\"}]",
                "[2].code");
        assertRefused("[{\"code\":\"A\",\"name\":\"a\"},\"B\"]", "[1]");
        assertRefused("[{\"code\":\"A\",\"name\":\"a\"},null]", "[1]");
        assertRefused("[{\"code\":\"A\",\"name\":\"a\"},[]]", "[1]");
        assertRefused("[{\"name\":\"a\"}]", "[0].code");
        assertRefused("[{\"code\":\"A\",\"name\":\"a\"},{\"code\":\"B\",\"name\":\"b\"},{\"code\":\"C\",\"name\":\"c\"},"
                + "{\"code\":\"D\"}]", "[3].name");
        assertRefused("[{\"code\":\" A\",\"name\":\"a\"}]", "[0].code");
        assertRefused("[{\"code\":\"A\",\"name\":\"a\",\"id\":\"x\"}]", "[0].id");
        assertRefused("[{\"code\":7,\"name\":\"a\"}]", "[0].code");
        assertRefused("{\"code\":\"A\",\"name\":\"a\"}", null);
        StringBuilder tooMany = new StringBuilder("[");
        for (int i = 0; i <= 10_000; i++) {
            tooMany.append(i == 0 ? "" : ",").append("{\"code\":\"C").append(i).append("\",\"name\":\"n\"}");
        }
        assertRefused(tooMany.append(']').toString(), "(body)");

        assertThat(all()).isEqualTo(before);
    }

    private void assertRefused(String body, String field) {
        Response response = set(body);
        assertThat(response.status()).as(body + " -> " + response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        if (field != null) {
            assertThat(response.json().get("errors").findValuesAsText("field")).as(body).containsExactly(field);
        }
    }

    @Test
    void aSetRepeatedWithTheSameIdempotencyKeyGetsTheFirstAnswer() {
        String key = UUID.randomUUID().toString();
        Response first = set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]", "Idempotency-Key", key);
        set("[]");

        Response replayed = set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]", "Idempotency-Key", key);

        assertThat(replayed.status()).isEqualTo(200);
        assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(replayed.json()).isEqualTo(first.json());
        assertThat(get("/partner-tags").json()).as("the replay changed nothing").isEmpty();
    }

    @Test
    void pagesAreOneBasedAndPageTwoOfOneIsTheSecondTag() {
        set("[{\"code\":\"FIRST\",\"name\":\"1\"},{\"code\":\"SECOND\",\"name\":\"2\"},{\"code\":\"THIRD\",\"name\":\"3\"}]");

        Response second = get("/partner-tags?page=2&limit=1");

        assertThat(second.status()).isEqualTo(200);
        assertThat(codes(second.json())).containsExactly("SECOND");
        assertThat(second.header("X-Total-Count")).isEqualTo("3");
        assertThat(second.header("Link")).contains("page=1&limit=1>; rel=\"prev\"").contains("page=3&limit=1>; rel=\"next\"");
        assertThat(codes(get("/partner-tags?page=1&limit=1").json())).containsExactly("FIRST");
        assertThat(get("/partner-tags?page=4&limit=1").json()).isEmpty();
        assertThat(get("/partner-tags?page=0").status()).isEqualTo(400);
        assertThat(get("/partner-tags?limit=101").status()).isEqualTo(400);
    }

    @Test
    void oneTagIsCreatedReadAndSoftDeleted() {
        Response created = http.post("/partner-tags", "{\"code\":\"ACME\",\"name\":\"Acme\"}", tenant);
        assertThat(created.status()).isEqualTo(201);
        String path = "/partner-tags/" + created.json().get("id").asText();
        assertThat(created.header("Location")).endsWith(path);
        assertThat(get(path).json()).isEqualTo(created.json());
        assertThat(get(path, "If-None-Match", created.header("ETag")).status()).isEqualTo(304);

        Response again = http.post("/partner-tags", "{\"code\":\"ACME\",\"name\":\"Other\"}", tenant);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("errors").get(0).get("field").asText()).isEqualTo("code");

        Response deleted = http.delete(path, tenant);
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().get("deleted").asBoolean()).isTrue();
        assertThat(http.delete(path, tenant).json()).isEqualTo(deleted.json());
        assertThat(get("/partner-tags").json()).isEmpty();
        assertThat(get("/partner-tags?includeDeleted=true").json().get(0)).isEqualTo(deleted.json());
        assertThat(http.post("/partner-tags", "{\"code\":\"ACME\",\"name\":\"Again\"}", tenant).status())
                .as("a deleted tag keeps its code").isEqualTo(409);
    }

    @Test
    void anotherTenantsTagsDoNotExist() {
        JsonNode mine = set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]").json().get(0);
        String theirs = UUID.randomUUID().toString();

        assertThat(http.get("/partner-tags/" + mine.get("id").asText(), actingFor(theirs)).status()).isEqualTo(404);
        assertThat(http.delete("/partner-tags/" + mine.get("id").asText(), actingFor(theirs)).status()).isEqualTo(404);
        assertThat(http.get("/partner-tags", actingFor(theirs)).json()).isEmpty();
        assertThat(http.post("/partner-tags/set", "[]", actingFor(theirs)).json()).isEmpty();
        assertThat(get("/partner-tags").json().get(0)).isEqualTo(mine);
    }

    @Test
    void tradeItemTagsAreAnotherCatalogue() {
        set("[{\"code\":\"ACME\",\"name\":\"Acme\"}]");

        assertThat(http.get("/trade-item-tags?includeDeleted=true", tenant).json()).isEmpty();
        assertThat(http.post("/trade-item-tags", "{\"code\":\"ACME\",\"name\":\"Acme\"}", tenant).status())
                .isEqualTo(201);
        assertThat(codes(get("/partner-tags").json())).containsExactly("ACME");
    }
}
