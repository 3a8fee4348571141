package io.traceloom.api.linkset;

import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.put;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.publicly;
import static io.traceloom.api.support.IsolationProbe.refused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The link sets' and the GS1 resolver's cases for the shared suites (see {@link FeatureCases}): their hostile
 * inputs, their probes of tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class LinkSetCases implements FeatureCases {

    public static final String LINK_SETS = "/link-sets";
    public static final String LINK_SET = LINK_SETS + "/5a1c0d7e-0000-4000-8000-00000000001a";
    /** A GTIN no test gives a link set (GS1 company prefix 4012345, not the tests' 0950600). */
    public static final String GTIN = "04012345000009";
    public static final String RESOLVED = "/01/" + GTIN;
    public static final String DESCRIPTION = "/.well-known/gs1resolver";

    static final String PIP = "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\","
            + "\"title\":\"Product\"}";

    @Override
    public String feature() {
        return "linkset";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(linkSets());
        cases.addAll(resolver());
        malformedBodies(LINK_SET).forEach(post -> cases.add(post.sentAs("PUT")));
        cases.addAll(pagingAbuse(LINK_SETS));
        cases.addAll(pathTricks(LINK_SETS));
        for (String path : List.of(LINK_SETS, RESOLVED, RESOLVED + "/10/LOT1", DESCRIPTION)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(LINK_SETS));
        cases.add(get(LINK_SETS + "/a:b/history").named("an id no link set can have").expect(404));
        cases.add(get(LINK_SETS + "/" + "x".repeat(300) + "/history").expect(404));
        return cases;
    }

    static List<HostileRequest> linkSets() {
        String pip = "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\",\"title\":\"Product\"}";
        String valid = "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + pip + "]}";
        return List.of(
                put(LINK_SET, "{}").expect(400, "identifier"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\"}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[]}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":null}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":{}}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + pip + ",null]}")
                        .expect(400, "links[1]"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + (pip + ",").repeat(100) + pip
                        + "]}").named("101 links").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":42,\"links\":[" + pip + "]}").expect(400, "identifier"),
                put(LINK_SET, "{\"identifier\":[\"01\",\"" + GTIN + "\"],\"links\":[" + pip + "]}")
                        .expect(400, "identifier"),
                put(LINK_SET, valid.replace(GTIN, "04012345000008")).expect(400, "identifier"),
                put(LINK_SET, valid.replace(GTIN, "4012345000009")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/", "99/")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/", "01/" + GTIN + "/10/LOT1/")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/" + GTIN, "01/" + GTIN + "\\n")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/" + GTIN, "01/" + "1".repeat(101))).expect(400, "identifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"21/9/10/LOT1\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"10/LOT 1\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"17/260101\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":7,\"links\"")).expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"itemDescription\":\" \",\"links\""))
                        .expect(400, "itemDescription"),
                put(LINK_SET, valid.replace("gs1:pip", "gs1:nosuchtype")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("gs1:pip", "gs1:defaultLink")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("gs1:pip", "javascript:alert(1)")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("https://example.com/p", "javascript:alert(1)")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "file:///etc/passwd")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "https://example.com/" + "p".repeat(2000)))
                        .expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("\"Product\"", "\"\\u00a0\"")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"", "\"" + "T".repeat(301) + "\"")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"", "null")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":[\"en\\u0000\"]}"))
                        .expect(400, "links[0].lang[0]"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":[\"english\"]}"))
                        .expect(400, "links[0].lang[0]"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":\"en\"}"))
                        .expect(400, "links[0].lang"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"objectKey\":\"k\"}"))
                        .expect(400, "links[0].objectKey"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"createdAt\":\"2026-01-01T00:00:00Z\"}"))
                        .expect(400, "links[0].createdAt"),
                put(LINK_SET, valid.replace("]}", "],\"links\":[]}")).expect(400, "links"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"id\":\"other\",\"identifier\""))
                        .expect(400, "id"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"tenantId\":\"x\",\"identifier\""))
                        .expect(400, "tenantId"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"createdAt\":\"x\",\"identifier\""))
                        .expect(400, "createdAt"),
                put(LINK_SETS + "/a:b", valid).expect(400, "id"),
                put(LINK_SETS + "/" + "x".repeat(101), valid).expect(400, "id"),
                put(LINK_SET, valid).header("If-Match: \"0\"").expect(412),
                put(LINK_SET, valid).header("Accept: text/html").expect(406),
                put(LINK_SET + "?identifier=01/" + GTIN, valid).expect(400, "identifier"),
                json(LINK_SET, valid).expect(405),
                request("DELETE", LINK_SET).expect(404),
                request("DELETE", LINK_SET).header("If-Match: \"0\"").expect(404),
                request("DELETE", LINK_SETS + "/a:b").expect(404),
                get(LINK_SETS + "?identifier=x").expect(400, "identifier"),
                get(LINK_SETS + "?identifier=01/" + GTIN + "&identifier=01/" + GTIN).expect(400, "identifier"),
                get(LINK_SETS + "?identifier=").expect(400, "identifier"),
                get(LINK_SETS + "?qualifier=10/LOT1").expect(400, "qualifier"));
    }

    /** The public resolver at the root: bad Digital Links, unknown keys, what it does not answer. */
    static List<HostileRequest> resolver() {
        return List.of(
                get("/01/04012345000008").expect(400),
                get("/01/4012345000009").expect(400),
                get("/99/" + GTIN).expect(400),
                get("/01").expect(400),
                get(RESOLVED + "/foo").expect(400),
                get(RESOLVED + "/21/9/10/LOT1").expect(400),
                get(RESOLVED + "/17/260101").expect(400),
                get(RESOLVED + "/10/%C3%28").expect(400),
                get(RESOLVED + "/10/" + "L".repeat(5000)).named("a 5000 character lot").expect(400),
                get(RESOLVED + "//10/LOT1").expect(400),
                get(RESOLVED + "?linkType=%zz").expect(400),
                get(RESOLVED).expect(404),
                get(RESOLVED + "?linkType=gs1:pip").expect(404),
                get(RESOLVED + "/10/LOT1?linkType=linkset").expect(404),
                get(RESOLVED).header("Accept: application/linkset+json").expect(404),
                get(RESOLVED).header("Accept: undefined").expect(404),
                get(RESOLVED + "/10/A%2FB").expect(404),
                get("/gtin/" + GTIN).expect(404),
                get(DESCRIPTION + "?x=1").expect(400, "x"),
                get(DESCRIPTION).header("Accept: text/html").expect(406),
                get("/.well-known/gs1resolver.json").expect(404),
                json(RESOLVED, "{}").expect(405),
                request("DELETE", RESOLVED).expect(405));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("PUT /link-sets/{id}", "/link-sets/{new}", "{\"identifier\":\"01/{gtin}\",\"links\":[" + PIP + "]}"),
                refused("PUT /link-sets/{id}", "/link-sets/{new}", 409,
                        "{\"identifier\":\"01/{gtin.owned}\",\"links\":[" + PIP + "]}"),
                lists("GET /link-sets", "/link-sets?limit=100"),
                notFound("GET /link-sets/{id}", "/link-sets/{linkSet}"),
                notFound("GET /link-sets/{id}/history", "/link-sets/{linkSet}/history"),
                notFound("GET /link-sets/{id}", "/link-sets/{linkSet}?asOf={now}"),
                notFound("DELETE /link-sets/{id}", "/link-sets/{linkSet}"),
                publicly("GET /{primaryKeyAi:[0-9]+}/{*keyAndQualifiers}", "/01/{gtin.owned}"),
                publicly("GET /.well-known/gs1resolver", "/.well-known/gs1resolver"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String gtin = Gs1Keys.gtin();
        String linkSet = UUID.randomUUID().toString();
        created(http.put("/link-sets/" + linkSet, "{\"identifier\":\"01/" + gtin + "\",\"links\":[" + PIP + "]}"));
        owned.put("linkSet", linkSet);
        owned.put("gtin.owned", gtin);
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("linkSet");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/link-sets/{linkSet}", null, 200),
                new ByIdProbe("GET", "/link-sets/{linkSet}", null, 304, "If-None-Match", "{linkSetETag}"),
                new ByIdProbe("DELETE", "/link-sets/{linkSet}", null, 412, "If-Match", "\"5\""),
                new ByIdProbe("DELETE", "/link-sets/{linkSet}", null, null, "If-Match", "{linkSetETag}"),
                new ByIdProbe("DELETE", "/link-sets/{linkSet}", null, null),
                new ByIdProbe("GET", "/link-sets/{linkSet}/history", null, 200),
                new ByIdProbe("GET", "/link-sets/{linkSet}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        String linkSetId = UUID.randomUUID().toString();
        Response linkSet = http.put("/link-sets/" + linkSetId, "{\"identifier\":\"01/" + Gs1Keys.gtin()
                + "\",\"links\":[" + PIP + "]}");
        assertThat(linkSet.status()).isEqualTo(201);
        owned.put("linkSet", linkSetId);
        owned.put("linkSetETag", linkSet.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("linkSets", Fixtures.list(http, "/link-sets?limit=100"));
    }
}
