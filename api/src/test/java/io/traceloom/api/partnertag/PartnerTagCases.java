package io.traceloom.api.partnertag;

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
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The partner tags' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their probes of
 * tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class PartnerTagCases implements FeatureCases {

    public static final String PARTNER_TAGS = "/partner-tags";
    public static final String PARTNER_TAG_SET = PARTNER_TAGS + "/set";

    @Override
    public String feature() {
        return "partnertag";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(partnerTags());
        cases.addAll(tagSets(PARTNER_TAG_SET));
        cases.addAll(malformedBodies(PARTNER_TAGS));
        // a set's body is an array: an empty one is a set (of nothing), and an object is refused as a whole
        cases.addAll(malformedBodies(PARTNER_TAG_SET).stream()
                .filter(c -> !List.of("[]", "{\"x\":1}").contains(new String(c.body(), StandardCharsets.UTF_8)))
                .toList());
        cases.addAll(pagingAbuse(PARTNER_TAGS));
        cases.addAll(pathTricks(PARTNER_TAGS));
        for (String path : List.of(PARTNER_TAGS, PARTNER_TAGS + "/" + UNKNOWN_ID, PARTNER_TAG_SET)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(PARTNER_TAGS));
        return cases;
    }

    /** POST one partner tag: the rules of a trade item tag's (see {@link #tradeItemTags()}), the catalogue's. */
    static List<HostileRequest> partnerTags() {
        return List.of(
                json(PARTNER_TAGS, "{}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\"}").expect(400, "name"),
                json(PARTNER_TAGS, "{\"code\":42,\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\" ACME\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"" + "C".repeat(101) + "\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"AC\\nME\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"\\u3000\"}").expect(400, "name"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"description\":\"" + "d".repeat(2001)
                        + "\"}").expect(400, "description"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"deleted\":true}").expect(400, "deleted"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"code\":\"X\"}").expect(400, "code"),
                get(PARTNER_TAGS + "?includeDeleted=yes").expect(400, "includeDeleted"),
                get(PARTNER_TAGS + "?includeDeleted").expect(400, "includeDeleted"),
                get(PARTNER_TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", PARTNER_TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", PARTNER_TAGS + "/" + UNKNOWN_ID + "?force=true").expect(400, "force"));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /partner-tags", "/partner-tags", "{\"code\":\"{new}\",\"name\":\"Theirs\"}"),
                lists("GET /partner-tags", "/partner-tags?includeDeleted=true&limit=100"),
                notFound("GET /partner-tags/{id}", "/partner-tags/{partnerTag}"),
                notFound("GET /partner-tags/{id}/history", "/partner-tags/{partnerTag}/history"),
                notFound("GET /partner-tags/{id}", "/partner-tags/{partnerTag}?asOf={now}"),
                notFound("DELETE /partner-tags/{id}", "/partner-tags/{partnerTag}"),
                creates("POST /partner-tags/set", "/partner-tags/set",
                        "[{\"code\":\"{mine.partnerTagCode}\",\"name\":\"Mine\"}]"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String partnerCode = SharedTraceloom.unique("PARTNER");
        owned.put("partnerTag", created(http.post("/partner-tags", "{\"code\":\"" + partnerCode + "\",\"name\":\"Mine\"}"))
                .get("id").asText());
        owned.put("partnerTagCode", partnerCode);
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("partnerTag", "partnerTagCode");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/partner-tags/{partnerTag}", null, 200),
                new ByIdProbe("GET", "/partner-tags/{partnerTag}", null, 304, "If-None-Match", "{partnerTagETag}"),
                new ByIdProbe("DELETE", "/partner-tags/{partnerTag}", null, null),
                new ByIdProbe("GET", "/partner-tags/{partnerTag}/history", null, 200),
                new ByIdProbe("GET", "/partner-tags/{partnerTag}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response partnerTag = http.post("/partner-tags", "{\"code\":\"" + SharedTraceloom.unique("MINE")
                + "\",\"name\":\"Mine\"}");
        assertThat(partnerTag.status()).isEqualTo(201);
        owned.put("partnerTag", partnerTag.json().get("id").asText());
        owned.put("partnerTagETag", partnerTag.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("partnerTags", Fixtures.list(http, "/partner-tags?includeDeleted=true&limit=100"));
    }
}
