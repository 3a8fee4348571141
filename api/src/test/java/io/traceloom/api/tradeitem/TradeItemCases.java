package io.traceloom.api.tradeitem;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.refused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trade items' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their probes of
 * tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class TradeItemCases implements FeatureCases {

    public static final String ITEMS = "/trade-items";

    @Override
    public String feature() {
        return "tradeitem";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(tradeItems());
        cases.addAll(malformedBodies(ITEMS));
        cases.addAll(pagingAbuse(ITEMS));
        cases.addAll(pathTricks(ITEMS));
        for (String path : List.of(ITEMS, ITEMS + "/" + UNKNOWN_ID)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(ITEMS));
        return cases;
    }

    static List<HostileRequest> tradeItems() {
        return List.of(
                json(ITEMS, "{}").expect(400, "name"),
                json(ITEMS, "{\"name\":null}").expect(400, "name"),
                json(ITEMS, "{\"name\":42}").expect(400, "name"),
                json(ITEMS, "{\"name\":[\"Apples\"]}").expect(400, "name"),
                json(ITEMS, "{\"name\":{}}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\" \\n \"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"" + "A".repeat(201) + "\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":[" + "\"x\",".repeat(50_000) + "\"x\"]}")
                        .named("name as an array of 50 000 strings").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\\u0007\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\\u2028\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":7}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":{\"code\":\"ORG\"}}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":[\"ORG\"]}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"\\u00a0\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"\\u3000\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"" + "T".repeat(101) + "\"}")
                        .expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"NO-SUCH-TAG-" + UNKNOWN_ID + "\"}")
                        .expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"ORG\\nFT\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"' OR '1'='1\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":{\"$ne\":null}}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTags\":\"ORG\"}").expect(400, "tradeItemTags"),
                json(ITEMS, "{\"name\":\"Apples\",\"name\":\"Pears\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"version\":3}").expect(400, "version"),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).header("If-Match: \"not-a-version\"").expect(404),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).header("If-Match: *").expect(404),
                get(ITEMS + "?includeDeleted=true").expect(400, "includeDeleted"),
                get(ITEMS + "/" + UNKNOWN_ID + "?limit=1").expect(400, "limit"));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /trade-items", "/trade-items", "{\"name\":\"Theirs\",\"tradeItemTag\":\"{mine.tagCode}\"}"),
                refused("POST /trade-items", "/trade-items", "{\"name\":\"Theirs\",\"tradeItemTag\":\"{tagCode}\"}"),
                lists("GET /trade-items", "/trade-items?limit=100"),
                notFound("GET /trade-items/{id}", "/trade-items/{item}"),
                notFound("GET /trade-items/{id}/history", "/trade-items/{item}/history"),
                notFound("GET /trade-items/{id}", "/trade-items/{item}?asOf={now}"),
                notFound("DELETE /trade-items/{id}", "/trade-items/{item}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        owned.put("item", created(http.post("/trade-items", "{\"name\":\"Mine\",\"tradeItemTag\":\""
                + owned.get("tagCode") + "\"}")).get("id").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("item");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/trade-items/{item}", null, 200),
                new ByIdProbe("GET", "/trade-items/{item}", null, 304, "If-None-Match", "{itemETag}"),
                new ByIdProbe("DELETE", "/trade-items/{item}", null, 412, "If-Match", "\"5\""),
                new ByIdProbe("DELETE", "/trade-items/{item}", null, 412, "If-Match", "W/\"x\""),
                new ByIdProbe("DELETE", "/trade-items/{item}", null, null, "If-Match", "{itemETag}"),
                new ByIdProbe("DELETE", "/trade-items/{item}", null, null),
                new ByIdProbe("GET", "/trade-items/{item}/history", null, 200),
                new ByIdProbe("GET", "/trade-items/{item}/history", null, 304, "If-None-Match", "\"0\""),
                new ByIdProbe("GET", "/trade-items/{item}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response item = http.post("/trade-items", "{\"name\":\"Mine\",\"tradeItemTag\":\"" + owned.get("tagCode") + "\"}");
        assertThat(item.status()).isEqualTo(201);
        owned.put("item", item.json().get("id").asText());
        owned.put("itemETag", item.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("items", Fixtures.list(http, "/trade-items?limit=100"));
    }
}
