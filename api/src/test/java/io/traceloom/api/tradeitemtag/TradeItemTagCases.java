package io.traceloom.api.tradeitemtag;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.tagSets;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.IsolationProbe;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The trade item tags' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their probes
 * of tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class TradeItemTagCases implements FeatureCases {

    public static final String TAGS = "/trade-item-tags";
    public static final String TAG_SET = TAGS + "/set";

    @Override
    public String feature() {
        return "tradeitemtag";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(tradeItemTags());
        cases.addAll(tagSets(TAG_SET));
        cases.addAll(malformedBodies(TAGS));
        // a set's body is an array: an empty one is a set (of nothing), and an object is refused as a whole
        cases.addAll(malformedBodies(TAG_SET).stream()
                .filter(c -> !List.of("[]", "{\"x\":1}").contains(new String(c.body(), StandardCharsets.UTF_8)))
                .toList());
        cases.addAll(pagingAbuse(TAGS));
        cases.addAll(pathTricks(TAGS));
        for (String path : List.of(TAGS, TAGS + "/" + UNKNOWN_ID, TAG_SET)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(TAGS));
        return cases;
    }

    static List<HostileRequest> tradeItemTags() {
        return List.of(
                json(TAGS, "{}").expect(400, "code"),
                json(TAGS, "{\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\"}").expect(400, "name"),
                json(TAGS, "{\"code\":null,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":42,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":4.2,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":true,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":[\"ORG\"],\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":{\"value\":\"ORG\"},\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":false}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":7}").expect(400, "description"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":[\"a\",\"b\"]}")
                        .expect(400, "description"),
                json(TAGS, "{\"code\":\"\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"   \",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\" ORG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\\u00a0\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\\t\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\\u00a0\\u3000\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"\\u2003\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"" + "C".repeat(101) + "\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"" + "N".repeat(201) + "\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"" + "d".repeat(2001) + "\"}")
                        .expect(400, "description"),
                json(TAGS, "{\"code\":\"" + "C".repeat(100_000) + "\",\"name\":\"Organic\"}").named("a 100 000 character code")
                        .expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\nG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\rG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\u0000G\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\\u001b[31m\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\\u0085\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"\\u0000\"}").expect(400, "description"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"\\udc00\"}").expect(400, "description"),
                json(TAGS, "{\"code\":\"\\ud800\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"code\":\"FT\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"tenantId\":\"other\"}").expect(400, "tenantId"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"deleted\":true}").expect(400, "deleted"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"Code\":\"X\"}").expect(400, "Code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"__proto__\":{}}").expect(400, "__proto__"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":" + "[".repeat(100)
                        + "]".repeat(100) + "}").named("description nested 100 deep").expect(400, "description"),
                json(TAGS + "?code=ORG", "{\"code\":\"ORG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\"}").header("Accept: text/html").expect(406),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\"}").header("Accept: application/xml").expect(406),
                get(TAGS + "?includeDeleted=yes").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=1").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=TRUE").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=true&includeDeleted=false").expect(400, "includeDeleted"),
                request("DELETE", TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", TAGS + "/" + UNKNOWN_ID + "?force=true").expect(400, "force"));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /trade-item-tags", "/trade-item-tags", "{\"code\":\"{new}\",\"name\":\"Theirs\"}"),
                lists("GET /trade-item-tags", "/trade-item-tags?includeDeleted=true&limit=100"),
                notFound("GET /trade-item-tags/{id}", "/trade-item-tags/{tag}"),
                notFound("GET /trade-item-tags/{id}/history", "/trade-item-tags/{tag}/history"),
                notFound("GET /trade-item-tags/{id}", "/trade-item-tags/{tag}?asOf={now}"),
                notFound("DELETE /trade-item-tags/{id}", "/trade-item-tags/{tag}"),
                // a set is of the caller's own catalogue: it keeps its own tag, and leaves the owner's alone
                creates("POST /trade-item-tags/set", "/trade-item-tags/set", "[{\"code\":\"{mine.tagCode}\",\"name\":\"Mine\"}]"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String code = SharedTraceloom.unique("CODE");
        JsonNode tag = created(http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"Mine\"}"));
        owned.put("tag", tag.get("id").asText());
        owned.put("tagCode", code);
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("tag", "tagCode");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/trade-item-tags/{tag}", null, 200),
                new ByIdProbe("GET", "/trade-item-tags/{tag}", null, 304, "If-None-Match", "{tagETag}"),
                new ByIdProbe("DELETE", "/trade-item-tags/{tag}", null, null),
                new ByIdProbe("GET", "/trade-item-tags/{tag}/history", null, 200),
                new ByIdProbe("GET", "/trade-item-tags/{tag}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("MINE"));
        String tagId = tag.get("id").asText();
        owned.put("tag", tagId);
        owned.put("tagCode", tag.get("code").asText());
        owned.put("tagETag", http.get("/trade-item-tags/" + tagId).header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("tags", Fixtures.list(http, "/trade-item-tags?includeDeleted=true&limit=100"));
    }
}
