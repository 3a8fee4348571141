package io.traceloom.api.tenantuser;

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
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.operators;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileFamilies;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tenant users' and the operators' tenants' cases for the shared suites (see {@link FeatureCases}): their
 * hostile inputs, their probes of tenant isolation and of reads by id, the resources those need, and what their
 * lists show.
 */
public final class TenantUserCases implements FeatureCases {

    public static final String TENANT_USERS = "/auth/tenant-users";
    public static final String TENANTS = "/admin/tenants";

    @Override
    public String feature() {
        return "tenantuser";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(tenantUsers());
        cases.addAll(tenants());
        cases.addAll(malformedBodies(TENANT_USERS));
        cases.addAll(malformedBodies(TENANTS + "/hostile").stream().map(HostileFamilies::asPut).toList());
        cases.addAll(pagingAbuse(TENANT_USERS));
        cases.addAll(pagingAbuse(TENANTS));
        cases.addAll(pathTricks(TENANT_USERS));
        cases.addAll(pathTricks(TENANTS));
        for (String path : List.of(TENANT_USERS, TENANT_USERS + "/" + UNKNOWN_ID, TENANTS, TENANTS + "/hostile/disable",
                TENANTS + "/hostile/enable")) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(TENANT_USERS));
        cases.add(get(TENANT_USERS + "/a:b").named("an id no user can have").expect(404));
        cases.add(get(TENANT_USERS + "/a:b/history").named("an id no user can have").expect(404));
        cases.add(get(TENANT_USERS + "/a:b?asOf=2026-01-01T00:00:00Z").named("an id no user can have").expect(404));
        cases.add(request("DELETE", TENANT_USERS + "/a:b").named("an id no user can have").expect(404));
        return cases;
    }

    /**
     * Who registers is the caller's identity, never the body (an object that declares no properties); another
     * tenant's user, or none, is not found.
     */
    static List<HostileRequest> tenantUsers() {
        return List.of(
                json(TENANT_USERS, "{\"name\":\"Mallory\"}").expect(400, "name"),
                json(TENANT_USERS, "{\"email\":\"mallory@example.com\"}").expect(400, "email"),
                json(TENANT_USERS, "{\"tenantId\":\"" + UNKNOWN_ID + "\"}").expect(400, "tenantId"),
                json(TENANT_USERS, "{\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(TENANT_USERS, "{}").header("Accept: text/html").expect(406),
                get(TENANT_USERS + "/" + UNKNOWN_ID).expect(404),
                get(TENANT_USERS + "/not-a-uuid").expect(404),
                request("DELETE", TENANT_USERS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", TENANT_USERS).expect(405));
    }

    /** The operators' tenants: a tenant claim that could not name one, names that are not names, no tenant. */
    static List<HostileRequest> tenants() {
        String one = TENANTS + "/hostile";
        return List.of(
                put(one, "{}").expect(400, "name"),
                put(one, "{\"name\":\"\"}").expect(400, "name"),
                put(one, "{\"name\":\" \"}").expect(400, "name"),
                put(one, "{\"name\":42}").expect(400, "name"),
                put(one, "{\"name\":\"a\\nb\"}").expect(400, "name"),
                put(one, "{\"name\":\"" + "N".repeat(201) + "\"}").expect(400, "name"),
                put(one, "{\"name\":\"x\",\"disabled\":true}").expect(400, "disabled"),
                put(one, "{\"name\":\"x\",\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                put(TENANTS + "/a%20b", "{\"name\":\"x\"}").expect(400, "tenantId"),
                put(TENANTS + "/a%22b", "{\"name\":\"x\"}").expect(400, "tenantId"),
                put(TENANTS + "/%C3%A9", "{\"name\":\"x\"}").expect(400, "tenantId"),
                put(TENANTS + "/" + "t".repeat(201), "{\"name\":\"x\"}").named("a 201 character tenant claim")
                        .expect(400, "tenantId"),
                get(TENANTS + "/never-registered").expect(404),
                request("POST", TENANTS + "/never-registered/disable").expect(404),
                request("POST", TENANTS + "/never-registered/enable").expect(404),
                get(TENANTS + "/never-registered/disable").expect(405),
                request("DELETE", one).expect(405));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /auth/tenant-users", "/auth/tenant-users", "{}"),
                lists("GET /auth/tenant-users", "/auth/tenant-users?limit=100"),
                notFound("GET /auth/tenant-users/{id}", "/auth/tenant-users/{user}"),
                notFound("GET /auth/tenant-users/{id}/history", "/auth/tenant-users/{user}/history"),
                notFound("GET /auth/tenant-users/{id}", "/auth/tenant-users/{user}?asOf={now}"),
                notFound("DELETE /auth/tenant-users/{id}", "/auth/tenant-users/{user}"),
                // its version named, as read by the owner: still nothing there
                new IsolationProbe("DELETE /auth/tenant-users/{id}", IsolationProbe.Expectation.NOT_FOUND, "/auth/tenant-users/{user}", null,
                        404, false, "If-Match", "{userETag}"),
                operators("PUT /admin/tenants/{tenantId}", "/admin/tenants/{externalTenant}", "{\"name\":\"Mine now\"}"),
                operators("GET /admin/tenants", "/admin/tenants"),
                operators("GET /admin/tenants/{tenantId}", "/admin/tenants/{externalTenant}"),
                operators("POST /admin/tenants/{tenantId}/disable", "/admin/tenants/{externalTenant}/disable"),
                operators("POST /admin/tenants/{tenantId}/enable", "/admin/tenants/{externalTenant}/enable"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        JsonNode user = http.post("/auth/tenant-users", "{}").json();
        owned.put("user", user.get("id").asText());
        owned.put("userETag", http.get("/auth/tenant-users/" + user.get("id").asText()).header("ETag"));
        owned.put("tenantId", user.get("tenantId").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("user", "tenantId");
    }

    @Override
    public List<String> ownedReads() {
        return List.of("/auth/tenant-users/{user}");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/auth/tenant-users/{user}", null, 200),
                new ByIdProbe("GET", "/auth/tenant-users/{user}", null, 304, "If-None-Match", "{userETag}"),
                new ByIdProbe("DELETE", "/auth/tenant-users/{user}", null, 412, "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/auth/tenant-users/{user}", null, null),
                new ByIdProbe("GET", "/auth/tenant-users/{user}/history", null, 200),
                new ByIdProbe("GET", "/auth/tenant-users/{user}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        // the owner registers once; the resources are made anew for every test that asks for them
        Response user = http.post("/auth/tenant-users", "{}");
        assertThat(user.status()).isIn(200, 201);
        owned.put("user", user.json().get("id").asText());
        owned.put("userETag", user.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("tenantUsers", Fixtures.list(http, "/auth/tenant-users?limit=100"));
    }
}
