package io.traceloom.api.custody;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The custody commissions' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their
 * probes of tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class CustodyCases implements FeatureCases {

    public static final String CUSTODY = "/custody-commissions";
    public static final String CONSUME = CUSTODY + "/consume";

    @Override
    public String feature() {
        return "custody";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(custodyCommissions());
        cases.addAll(malformedBodies(CUSTODY));
        cases.addAll(malformedBodies(CONSUME));
        malformedBodies(CUSTODY + "/" + UNKNOWN_ID).forEach(post -> cases.add(post.sentAs("PUT")));
        cases.addAll(pagingAbuse(CUSTODY));
        cases.addAll(pathTricks(CUSTODY));
        cases.addAll(wrongMethods(CUSTODY));
        for (String path : List.of(CUSTODY + "/" + UNKNOWN_ID, CONSUME)) {
            cases.add(request("PATCH", path).header("Content-Type: application/json").body("{}").expect(405));
            cases.add(request("TRACE", path).expect(405));
        }
        cases.add(request("POST", CUSTODY + "/" + UNKNOWN_ID).header("Content-Type: application/json").body("{}")
                .expect(405));
        cases.addAll(history(CUSTODY));
        return cases;
    }

    static List<HostileRequest> custodyCommissions() {
        String one = CUSTODY + "/" + UNKNOWN_ID;
        StringBuilder manyConsumers = new StringBuilder("[");
        for (int i = 0; i <= 1000; i++) {
            manyConsumers.append(i == 0 ? "" : ",").append("\"c").append(i).append('"');
        }
        String consumers = ",\"registeredConsumers\":[\"a\"]";
        return List.of(
                json(CUSTODY, "{}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\"}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"registeredConsumers\":[\"a\"]}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":42" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\" S\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\\nT\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"" + "S".repeat(501) + "\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":[\"S\"]" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[]}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":\"a\"}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":null}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",\"\"]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",null]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",{}]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",\"b\",\"a\"]}")
                        .expect(400, "registeredConsumers[2]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"" + "c".repeat(201) + "\"]}")
                        .expect(400, "registeredConsumers[0]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":" + manyConsumers + "]}")
                        .named("1001 consumers").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\"" + consumers + ",\"consumedBy\":\"a\"}").expect(400, "consumedBy"),
                json(CUSTODY, "{\"identifier\":\"S\"" + consumers + ",\"id\":\"" + UNKNOWN_ID + "\"}")
                        .expect(400, "id"),
                json(CONSUME, "{}").expect(400, "identifier"),
                json(CONSUME, "{\"identifier\":\"S\"}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":\"\"}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":[\"a\"]}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":{\"$ne\":null},\"consumedBy\":\"a\"}").expect(400, "identifier"),
                json(CONSUME, "{\"identifier\":\"NO-SUCH-" + UNKNOWN_ID + "\",\"consumedBy\":\"a\"}").expect(404),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":\"a\",\"consumedAt\":\"2026-01-01T00:00:00Z\"}")
                        .expect(400, "consumedAt"),
                put(one, "{\"registeredConsumers\":[\"a\"]}").expect(404),
                put(one, "{\"registeredConsumers\":[\"a\"]}").header("If-Match: \"0\"").expect(404),
                put(one, "{\"registeredConsumers\":[]}").expect(400, "registeredConsumers"),
                put(one, "{\"registeredConsumers\":[\"a\"],\"identifier\":\"S\"}").expect(400, "identifier"),
                request("DELETE", one).expect(404),
                request("DELETE", one).header("If-Match: *").expect(404),
                get(CUSTODY + "?consumed=yes").expect(400, "consumed"),
                get(CUSTODY + "?consumed").expect(400, "consumed"),
                get(CUSTODY + "?consumed=true&consumed=false").expect(400, "consumed"),
                get(one + "?consumed=true").expect(400, "consumed"));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /custody-commissions", "/custody-commissions",
                        "{\"identifier\":\"{new}\",\"registeredConsumers\":[\"carrier\"]}"),
                lists("GET /custody-commissions", "/custody-commissions?limit=100"),
                notFound("GET /custody-commissions/{id}", "/custody-commissions/{commission}"),
                notFound("GET /custody-commissions/{id}/history", "/custody-commissions/{commission}/history"),
                notFound("GET /custody-commissions/{id}", "/custody-commissions/{commission}?asOf={now}"),
                notFound("PUT /custody-commissions/{id}", "/custody-commissions/{commission}",
                        "{\"registeredConsumers\":[\"theirs\"]}"),
                notFound("DELETE /custody-commissions/{id}", "/custody-commissions/{commission}"),
                notFound("POST /custody-commissions/consume", "/custody-commissions/consume",
                        "{\"identifier\":\"{commissionIdentifier}\",\"consumedBy\":\"carrier\"}"),
                // identifiers are unique per tenant: the owner's is free in another tenant (after the consume above),
                creates("POST /custody-commissions", "/custody-commissions",
                        "{\"identifier\":\"{commissionIdentifier}\",\"registeredConsumers\":[\"someone\"]}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String identifier = SharedTraceloom.unique("SSCC");
        owned.put("commission", created(http.post("/custody-commissions", "{\"identifier\":\"" + identifier
                + "\",\"registeredConsumers\":[\"carrier\"]}")).get("id").asText());
        owned.put("commissionIdentifier", identifier);
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("commission", "commissionIdentifier");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/custody-commissions/{commission}", null, 200),
                new ByIdProbe("GET", "/custody-commissions/{commission}", null, 304, "If-None-Match", "{commissionETag}"),
                new ByIdProbe("PUT", "/custody-commissions/{commission}", "{\"registeredConsumers\":[\"theirs\"]}", 409),
                new ByIdProbe("PUT", "/custody-commissions/{openCommission}", "{\"registeredConsumers\":[\"a\",\"a\"]}", 400),
                new ByIdProbe("PUT", "/custody-commissions/{commission}", "{\"registeredConsumers\":[\"theirs\"]}", 412,
                        "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/custody-commissions/{commission}", null, 409),
                new ByIdProbe("DELETE", "/custody-commissions/{commission}", null, 412, "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/custody-commissions/{openCommission}", null, null),
                new ByIdProbe("POST", "/custody-commissions/consume",
                        "{\"identifier\":\"{openIdentifier}\",\"consumedBy\":\"stranger\"}", 400),
                new ByIdProbe("POST", "/custody-commissions/consume",
                        "{\"identifier\":\"{openIdentifier}\",\"consumedBy\":\"carrier\"}", null),
                new ByIdProbe("GET", "/custody-commissions/{commission}/history", null, 200),
                new ByIdProbe("GET", "/custody-commissions/{commission}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        // a consumed commission, and an open one
        String consumedIdentifier = SharedTraceloom.unique("MINE-CONSUMED");
        Response commission = http.post("/custody-commissions",
                "{\"identifier\":\"" + consumedIdentifier + "\",\"registeredConsumers\":[\"carrier\"]}");
        assertThat(commission.status()).isEqualTo(201);
        Response consumed = http.post("/custody-commissions/consume",
                "{\"identifier\":\"" + consumedIdentifier + "\",\"consumedBy\":\"carrier\"}");
        assertThat(consumed.status()).isEqualTo(200);
        String openIdentifier = "MINE-OPEN-" + UUID.randomUUID();
        Response open = http.post("/custody-commissions",
                "{\"identifier\":\"" + openIdentifier + "\",\"registeredConsumers\":[\"carrier\"]}");
        assertThat(open.status()).isEqualTo(201);
        owned.put("commission", consumed.json().get("id").asText());
        owned.put("commissionETag", consumed.header("ETag"));
        owned.put("openCommission", open.json().get("id").asText());
        owned.put("openIdentifier", openIdentifier);
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("custodyCommissions", Fixtures.list(http, "/custody-commissions?limit=100"));
    }
}
