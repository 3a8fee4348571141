package io.traceloom.api.tradeitem;

import static io.traceloom.api.support.SharedTraceloom.unique;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TradeItemApiTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }


    private static Response createItem(String body) {
        return http.post("/trade-items", body);
    }

    @Test
    void anItemEmbedsTheWholeTag() {
        JsonNode tag = Fixtures.createTag(http, unique("ORG"));

        Response created = createItem("{\"name\":\"Apples\",\"tradeItemTag\":\"" + tag.get("code").asText() + "\"}");

        assertThat(created.status()).isEqualTo(201);
        JsonNode item = created.json();
        assertThat(Fixtures.fieldNames(item)).containsExactly("id", "name", "tradeItemTag");
        assertThat(item.get("name").asText()).isEqualTo("Apples");
        assertThat(item.get("tradeItemTag")).isEqualTo(tag);
        assertThat(created.header("Location")).endsWith("/trade-items/" + item.get("id").asText());

        Response read = http.get("/trade-items/" + item.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(item);
    }

    @Test
    void anItemMayHaveNoTag() {
        Response created = createItem("{\"name\":\"Loose apples\"}");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("tradeItemTag").isNull()).isTrue();
    }

    @Test
    void anUnknownTagIsRefusedAndNothingIsCreated() {
        long before = total();

        Response response = createItem("{\"name\":\"Pears\",\"tradeItemTag\":\"" + unique("NOPE") + "\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("tradeItemTag");
        assertThat(total()).isEqualTo(before);
    }

    @Test
    void aDeletedTagCannotBeUsed() {
        JsonNode tag = Fixtures.createTag(http, unique("GONE"));
        assertThat(http.delete("/trade-item-tags/" + tag.get("id").asText()).status()).isEqualTo(200);

        Response response = createItem("{\"name\":\"Pears\",\"tradeItemTag\":\"" + tag.get("code").asText() + "\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("tradeItemTag");
    }

    @Test
    void aNameIsRequired() {
        for (String body : List.of("{}", "{\"name\":\"  \"}", "{\"name\":null}")) {
            Response response = createItem(body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.json().get("errors").get(0).get("field").asText()).as(body).isEqualTo("name");
        }
    }

    @Test
    void anEmbeddedTagFollowsItsDeletion() {
        JsonNode tag = Fixtures.createTag(http, unique("FOLLOW"));
        String itemId = createItem("{\"name\":\"Plums\",\"tradeItemTag\":\"" + tag.get("code").asText() + "\"}")
                .json().get("id").asText();

        JsonNode deletedTag = http.delete("/trade-item-tags/" + tag.get("id").asText()).json();

        // read-your-writes holds across read models: the item shows the deletion at once
        JsonNode embedded = http.get("/trade-items/" + itemId).json().get("tradeItemTag");
        assertThat(embedded).isEqualTo(deletedTag);
        assertThat(embedded.get("deleted").asBoolean()).isTrue();
    }

    @Test
    void anItemsEntityTagChangesWithItsEmbeddedTag() {
        JsonNode tag = Fixtures.createTag(http, unique("ETAG"));
        Response created = createItem("{\"name\":\"Quinces\",\"tradeItemTag\":\"" + tag.get("code").asText() + "\"}");
        String path = "/trade-items/" + created.json().get("id").asText();
        String seen = http.get(path).header("ETag");
        assertThat(seen).isEqualTo(created.header("ETag"));
        assertThat(http.get(path, "If-None-Match", seen).status()).isEqualTo(304);

        assertThat(http.delete("/trade-item-tags/" + tag.get("id").asText()).status()).isEqualTo(200);

        Response changed = http.get(path, "If-None-Match", seen);
        assertThat(changed.status()).as("the embedded tag changed, so the item did").isEqualTo(200);
        assertThat(changed.json().at("/tradeItemTag/deleted").asBoolean()).isTrue();
        assertThat(changed.header("ETag")).isNotEqualTo(seen);
        assertThat(http.delete(path, "If-Match", seen).status()).as("deleting what the caller has not seen")
                .isEqualTo(412);
        assertThat(http.delete(path, "If-Match", changed.header("ETag")).status()).isEqualTo(204);
    }

    @Test
    void aDeletedItemIsGone() {
        String id = createItem("{\"name\":\"Figs\"}").json().get("id").asText();

        Response deleted = http.delete("/trade-items/" + id);

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(http.get("/trade-items/" + id).status()).isEqualTo(404);
        assertThat(http.delete("/trade-items/" + id).status()).isEqualTo(404);
        assertThat(allItems()).noneMatch(item -> item.get("id").asText().equals(id));
    }

    @Test
    void deletingHonoursIfMatch() {
        Response created = createItem("{\"name\":\"Dates\"}");
        String path = "/trade-items/" + created.json().get("id").asText();

        Response stale = http.delete(path, "If-Match", "\"41\"");
        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.contentType()).startsWith("application/problem+json");
        assertThat(http.get(path).status()).isEqualTo(200);

        assertThat(http.delete(path, "If-Match", created.header("ETag")).status()).isEqualTo(204);
    }

    @Test
    void anUnknownItemIsNotFound() {
        assertThat(http.get("/trade-items/no-such-item").status()).isEqualTo(404);
        assertThat(http.delete("/trade-items/no-such-item").status()).isEqualTo(404);
    }

    @Test
    void itemsAreListedOldestFirst() {
        String first = createItem("{\"name\":\"" + unique("first") + "\"}").json().get("id").asText();
        String second = createItem("{\"name\":\"" + unique("second") + "\"}").json().get("id").asText();

        List<String> ids = allItems().stream().map(item -> item.get("id").asText()).toList();

        assertThat(ids).containsSubsequence(first, second);
        assertThat(Long.parseLong(http.get("/trade-items").header("X-Total-Count"))).isEqualTo(ids.size());
    }

    /** Ids made in order keep the stores' B-trees appending (ResourceIds): the later item's sorts after. */
    @Test
    void anItemsIdIsAUuidOfVersion7ThatSortsAfterTheIdsOfEarlierItems() {
        String first = createItem("{\"name\":\"" + unique("first") + "\"}").json().get("id").asText();
        String second = createItem("{\"name\":\"" + unique("second") + "\"}").json().get("id").asText();

        assertThat(UUID.fromString(second).version()).isEqualTo(7);
        assertThat(second).isGreaterThan(first);
    }

    private static long total() {
        return Long.parseLong(http.get("/trade-items?limit=1").header("X-Total-Count"));
    }

    private static List<JsonNode> allItems() {
        List<JsonNode> items = new ArrayList<>();
        for (int page = 1; ; page++) {
            Response response = http.get("/trade-items?limit=100&page=" + page);
            response.json().forEach(items::add);
            if (response.json().size() < 100) {
                return items;
            }
        }
    }

}
