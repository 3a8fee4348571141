package io.traceloom.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** Writes a small but complete history through the API, and reads back everything the API shows. */
public final class Fixtures {

    private Fixtures() {
    }

    /** A trade item tag with this code (name "Organic", description "EU organic"), created: 201. */
    public static JsonNode createTag(Http http, String code) {
        Http.Response created = http.post("/trade-item-tags",
                "{\"code\":\"" + code + "\",\"name\":\"Organic\",\"description\":\"EU organic\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    /** The names of an object's fields, in the order the JSON has them. */
    public static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Tags (one deleted), items with and without tags (one deleted): every event kind there is. */
    public static void writeHistory(Http http, int items) {
        String[] codes = {"ORG", "FT", "GONE"};
        for (String code : codes) {
            assertThat(http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"" + code + "\"}")
                    .status()).isEqualTo(201);
        }
        for (int i = 0; i < items; i++) {
            String tag = i % 4 == 3 ? "" : ",\"tradeItemTag\":\"" + codes[i % 3] + "\"";
            assertThat(http.post("/trade-items", "{\"name\":\"Item " + i + "\"" + tag + "}").status()).isEqualTo(201);
        }
        String gone = http.get("/trade-item-tags").json().findValues("id").get(2).asText();
        assertThat(http.delete("/trade-item-tags/" + gone).status()).isEqualTo(200);
        String firstItem = http.get("/trade-items?limit=1").json().get(0).get("id").asText();
        assertThat(http.delete("/trade-items/" + firstItem).status()).isEqualTo(204);
    }

    /** Everything the read models hold, as the API lists it: what each feature's lists show. */
    public static JsonNode everything(Http http) {
        ObjectNode all = JsonNodeFactory.instance.objectNode();
        for (FeatureCases feature : Features.ALL) {
            feature.listed(http, all);
        }
        return all;
    }

    /** Every row of a list, page after page ({@code path} has a query ending in {@code limit=100}). */
    public static ArrayNode list(Http http, String path) {
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        for (int page = 1; ; page++) {
            JsonNode json = http.get(path + "&page=" + page).json();
            json.forEach(rows::add);
            if (json.size() < 100) {
                return rows;
            }
        }
    }
}
