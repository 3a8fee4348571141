package io.traceloom.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedOidcTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * No tenant ever sees another's data: in the {@code oidc} mode, with real tokens, two tenants A and B each
 * hold one of everything, and each tries <em>every</em> endpoint of the service on the other's: it reads, lists,
 * changes, deletes, renders, validates against, refers to and resolves into the other's data. The other's ids
 * are 404, its rows are never in the lists, what refers to its data is refused, what creates is the creator's
 * own; and afterwards the other's data is exactly as it was. Public endpoints answer anyone, operators'
 * endpoints no tenant; every tenant endpoint is 401 without a token, 403 with a token that names no tenant, and
 * 403 with the token of a user of the trying tenant who never registered (but registering itself). The trying
 * tenant's admin (the tenant-admin scope) gets what its other users get: the scope is no way across tenants.
 *
 * <p>{@link #endpoints()} must name every endpoint the application maps: a new controller method without its
 * line here fails {@link #everyEndpointOfTheServiceIsTried()}. A new endpoint is one line (CONTRIBUTING.md).
 */
class TenantIsolationTest {

    /**
     * One line per endpoint, named as its controller maps it ({@code METHOD pattern}), with the request that
     * tries it on the owner's data. {@code {name}} stands for the owner's ids ({@link #ownedBy}),
     * {@code {mine.name}} for the trying tenant's own, {@code {new}} for a fresh UUID, {@code {gtin}} for a
     * fresh GTIN.
     */
    static List<Probe> endpoints() {
        return List.of(
                creates("POST /trade-item-tags", "/trade-item-tags", "{\"code\":\"{new}\",\"name\":\"Theirs\"}"),
                lists("GET /trade-item-tags", "/trade-item-tags?includeDeleted=true&limit=100"),
                notFound("GET /trade-item-tags/{id}", "/trade-item-tags/{tag}"),
                notFound("GET /trade-item-tags/{id}/history", "/trade-item-tags/{tag}/history"),
                notFound("GET /trade-item-tags/{id}", "/trade-item-tags/{tag}?asOf={now}"),
                notFound("DELETE /trade-item-tags/{id}", "/trade-item-tags/{tag}"),
                // a set is of the caller's own catalogue: it keeps its own tag, and leaves the owner's alone
                creates("POST /trade-item-tags/set", "/trade-item-tags/set", "[{\"code\":\"{mine.tagCode}\",\"name\":\"Mine\"}]"),

                creates("POST /partner-tags", "/partner-tags", "{\"code\":\"{new}\",\"name\":\"Theirs\"}"),
                lists("GET /partner-tags", "/partner-tags?includeDeleted=true&limit=100"),
                notFound("GET /partner-tags/{id}", "/partner-tags/{partnerTag}"),
                notFound("GET /partner-tags/{id}/history", "/partner-tags/{partnerTag}/history"),
                notFound("GET /partner-tags/{id}", "/partner-tags/{partnerTag}?asOf={now}"),
                notFound("DELETE /partner-tags/{id}", "/partner-tags/{partnerTag}"),
                creates("POST /partner-tags/set", "/partner-tags/set",
                        "[{\"code\":\"{mine.partnerTagCode}\",\"name\":\"Mine\"}]"),

                creates("POST /trade-items", "/trade-items", "{\"name\":\"Theirs\",\"tradeItemTag\":\"{mine.tagCode}\"}"),
                refused("POST /trade-items", "/trade-items", "{\"name\":\"Theirs\",\"tradeItemTag\":\"{tagCode}\"}"),
                lists("GET /trade-items", "/trade-items?limit=100"),
                notFound("GET /trade-items/{id}", "/trade-items/{item}"),
                notFound("GET /trade-items/{id}/history", "/trade-items/{item}/history"),
                notFound("GET /trade-items/{id}", "/trade-items/{item}?asOf={now}"),
                notFound("DELETE /trade-items/{id}", "/trade-items/{item}"),

                uploads("POST /files", "/files"),
                lists("GET /files", "/files?limit=100"),
                notFound("GET /files/{id}", "/files/{file}"),
                notFound("GET /files/{id}/history", "/files/{file}/history"),
                notFound("GET /files/{id}", "/files/{file}?asOf={now}"),
                notFound("GET /files/{id}/content", "/files/{file}/content"),
                notFound("PATCH /files/{id}", "/files/{file}", "{\"key\":\"theirs.png\"}"),
                notFound("DELETE /files/{id}", "/files/{file}"),

                creates("POST /organization-themes", "/organization-themes",
                        "{\"color\":\"#654321\",\"icon\":\"{mine.file}\"}"),
                refused("POST /organization-themes", "/organization-themes",
                        "{\"color\":\"#654321\",\"icon\":\"{file}\"}"),
                lists("GET /organization-themes", "/organization-themes"),
                notFound("GET /organization-themes/{id}", "/organization-themes/{theme}"),
                notFound("GET /organization-themes/{id}/history", "/organization-themes/{theme}/history"),
                notFound("GET /organization-themes/{id}", "/organization-themes/{theme}?asOf={now}"),

                creates("PUT /link-sets/{id}", "/link-sets/{new}", "{\"identifier\":\"01/{gtin}\",\"links\":[" + PIP + "]}"),
                refused("PUT /link-sets/{id}", "/link-sets/{new}", 409,
                        "{\"identifier\":\"01/{gtin.owned}\",\"links\":[" + PIP + "]}"),
                lists("GET /link-sets", "/link-sets?limit=100"),
                notFound("GET /link-sets/{id}", "/link-sets/{linkSet}"),
                notFound("GET /link-sets/{id}/history", "/link-sets/{linkSet}/history"),
                notFound("GET /link-sets/{id}", "/link-sets/{linkSet}?asOf={now}"),
                notFound("DELETE /link-sets/{id}", "/link-sets/{linkSet}"),
                publicly("GET /{primaryKeyAi:[0-9]+}/{*keyAndQualifiers}", "/01/{gtin.owned}"),
                publicly("GET /.well-known/gs1resolver", "/.well-known/gs1resolver"),

                creates("POST /schemas", "/schemas", "{\"name\":\"Theirs\",\"schema\":{}}"),
                creates("PUT /schemas/{id}", "/schemas/{new}", "{\"name\":\"Theirs\",\"schema\":{}}"),
                notFound("PUT /schemas/{id}", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}"),
                refused("PUT /schemas/{id}", "/schemas/{new}", "{\"name\":\"Theirs\",\"schema\":{\"$ref\":\"{schema}\"}}"),
                lists("GET /schemas", "/schemas?limit=100"),
                notFound("GET /schemas/{id}", "/schemas/{schema}"),
                notFound("GET /schemas/{id}/history", "/schemas/{schema}/history"),
                notFound("GET /schemas/{id}", "/schemas/{schema}?asOf={now}"),
                publicly("GET /schemas/{id}", "/schemas/{schema}", "Accept", "application/schema+json"),
                notFound("DELETE /schemas/{id}", "/schemas/{schema}"),
                notFound("POST /schemas/{id}/validate", "/schemas/{schema}/validate", "{\"lot\":\"L1\"}"),

                creates("POST /canvas-templates", "/canvas-templates",
                        "{\"name\":\"Theirs\",\"template\":\"{{lot}}\",\"schemaId\":\"{mine.schema}\"}"),
                refused("POST /canvas-templates", "/canvas-templates",
                        "{\"name\":\"Theirs\",\"template\":\"{{lot}}\",\"schemaId\":\"{schema}\"}"),
                lists("GET /canvas-templates", "/canvas-templates?limit=100"),
                notFound("GET /canvas-templates/{id}", "/canvas-templates/{template}"),
                notFound("GET /canvas-templates/{id}/history", "/canvas-templates/{template}/history"),
                notFound("GET /canvas-templates/{id}", "/canvas-templates/{template}?asOf={now}"),
                notFound("PUT /canvas-templates/{id}", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}"),
                notFound("DELETE /canvas-templates/{id}", "/canvas-templates/{template}"),
                notFound("POST /canvas-templates/{id}/render", "/canvas-templates/{template}/render", "{\"lot\":\"L1\"}"),
                notFound("GET /canvas-template-instances/{id}", "/canvas-template-instances/{instance}"),
                notFound("GET /canvas-template-instances/{id}/history", "/canvas-template-instances/{instance}/history"),
                notFound("GET /canvas-template-instances/{id}", "/canvas-template-instances/{instance}?asOf={now}"),

                creates("POST /credentials/issue", "/credentials/issue", "{}"),
                refused("POST /credentials/issue", "/credentials/issue", "{\"issuer\":\"{issuer}\"}"),
                refused("POST /credentials/issue", "/credentials/issue",
                        "{\"schemaId\":\"{schema}\",\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":\"L1\"}}"),
                notFound("GET /credentials/{id}", "/credentials/{credential}"),
                notFound("GET /credentials/{id}/history", "/credentials/{credential}/history"),
                notFound("GET /credentials/{id}", "/credentials/{credential}?asOf={now}"),
                creates("POST /credentials/verify", "/credentials/verify", "{\"verifiableCredential\":{credentialJson}}"),
                lists("GET /credentials", "/credentials?limit=100"),
                lists("GET /credentials/issuer", "/credentials/issuer"),
                notFound("POST /credentials/{id}/revoke", "/credentials/{credential}/revoke"),
                publicly("GET /credentials/status/{listId}", "/credentials/status/{statusList}"),
                creates("POST /vc-api/credentials/issue", "/vc-api/credentials/issue", "{\"credential\":{\"@context\":"
                        + "[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                        + "\"issuer\":\"{mine.issuer}\",\"credentialSubject\":{\"id\":\"urn:x:theirs\"}}}"),
                refused("POST /vc-api/credentials/issue", "/vc-api/credentials/issue", "{\"credential\":{\"@context\":"
                        + "[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                        + "\"issuer\":\"{issuer}\",\"credentialSubject\":{\"id\":\"urn:x:theirs\"}}}"),
                creates("POST /vc-api/credentials/verify", "/vc-api/credentials/verify",
                        "{\"verifiableCredential\":{credentialJson}}"),
                publicly("GET /contexts/traceloom/v1", "/contexts/traceloom/v1"),

                // the feed before the probes below put the owner's commission identifier into the trying tenant's events
                lists("GET /audit/events", "/audit/events?limit=100"),
                lists("GET /audit/events", "/audit/events?from={since}&limit=100"),
                // its own log's checkpoints and proofs: none of the owner's roots or leaves, its own issuer
                lists("GET /audit/checkpoint", "/audit/checkpoint"),
                lists("GET /audit/checkpoint", "/audit/checkpoint?treeSize={mine.auditLogSize}"),
                lists("GET /audit/proofs/inclusion", "/audit/proofs/inclusion?index=0&treeSize={mine.auditLogSize}"),
                lists("GET /audit/proofs/consistency", "/audit/proofs/consistency?from=1&to={mine.auditLogSize}"),

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
                // identifiers are unique per tenant: the owner's is free in another tenant (after the consume above)
                creates("POST /custody-commissions", "/custody-commissions",
                        "{\"identifier\":\"{commissionIdentifier}\",\"registeredConsumers\":[\"someone\"]}"),

                creates("POST /auth/tenant-users", "/auth/tenant-users", "{}"),
                lists("GET /auth/tenant-users", "/auth/tenant-users?limit=100"),
                notFound("GET /auth/tenant-users/{id}", "/auth/tenant-users/{user}"),
                notFound("GET /auth/tenant-users/{id}/history", "/auth/tenant-users/{user}/history"),
                notFound("GET /auth/tenant-users/{id}", "/auth/tenant-users/{user}?asOf={now}"),
                notFound("DELETE /auth/tenant-users/{id}", "/auth/tenant-users/{user}"),
                // its version named, as read by the owner: still nothing there
                new Probe("DELETE /auth/tenant-users/{id}", Expectation.NOT_FOUND, "/auth/tenant-users/{user}", null,
                        404, false, "If-Match", "{userETag}"),

                operators("PUT /admin/tenants/{tenantId}", "/admin/tenants/{externalTenant}", "{\"name\":\"Mine now\"}"),
                operators("GET /admin/tenants", "/admin/tenants"),
                operators("GET /admin/tenants/{tenantId}", "/admin/tenants/{externalTenant}"),
                operators("POST /admin/tenants/{tenantId}/disable", "/admin/tenants/{externalTenant}/disable"),
                operators("POST /admin/tenants/{tenantId}/enable", "/admin/tenants/{externalTenant}/enable"));
    }

    private static final String PIP = "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\","
            + "\"title\":\"Product\"}";

    /** What another tenant gets, and what it shows. */
    enum Expectation {
        /** The owner's id does not exist for the other tenant: 404. */
        NOT_FOUND,
        /** A body naming the owner's data is refused (400, or 409 for what is unique service-wide). */
        REFUSED,
        /** It succeeds, as the trying tenant's own: the owner's data is untouched. */
        CREATES,
        /** It answers 200 with none of the owner's ids. */
        LISTS,
        /** Anyone, without a token: neither 401 nor 403. */
        PUBLIC,
        /** Operators only: a tenant's token is 403. */
        OPERATORS
    }

    record Probe(String mapping, Expectation expectation, String path, String body, int status, boolean upload,
                 String... headers) {

        String method() {
            return mapping.substring(0, mapping.indexOf(' '));
        }

        Response send(Http http, Map<String, String> owner, Map<String, String> mine) {
            String target = fill(path, owner, mine);
            if (upload) {
                Multipart file = Multipart.file("theirs.png", "image/png", Samples.PNG);
                return http.send(method(), target, file.contentType(), BodyPublishers.ofByteArray(file.bytes()), headers);
            }
            String[] filled = java.util.Arrays.stream(headers).map(header -> fill(header, owner, mine))
                    .toArray(String[]::new);
            return http.send(method(), target, body == null ? null : "application/json",
                    body == null ? null : BodyPublishers.ofString(fill(body, owner, mine)), filled);
        }

        @Override
        public String toString() {
            return mapping + " (" + expectation.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")";
        }
    }

    static Probe notFound(String mapping, String path) {
        return new Probe(mapping, Expectation.NOT_FOUND, path, null, 404, false);
    }

    static Probe notFound(String mapping, String path, String body) {
        return new Probe(mapping, Expectation.NOT_FOUND, path, body, 404, false);
    }

    static Probe refused(String mapping, String path, String body) {
        return new Probe(mapping, Expectation.REFUSED, path, body, 400, false);
    }

    static Probe refused(String mapping, String path, int status, String body) {
        return new Probe(mapping, Expectation.REFUSED, path, body, status, false);
    }

    static Probe creates(String mapping, String path, String body) {
        return new Probe(mapping, Expectation.CREATES, path, body, 0, false);
    }

    static Probe uploads(String mapping, String path) {
        return new Probe(mapping, Expectation.CREATES, path, null, 0, true);
    }

    static Probe lists(String mapping, String path) {
        return new Probe(mapping, Expectation.LISTS, path, null, 200, false);
    }

    static Probe publicly(String mapping, String path, String... headers) {
        return new Probe(mapping, Expectation.PUBLIC, path, null, 0, false, headers);
    }

    static Probe operators(String mapping, String path) {
        return new Probe(mapping, Expectation.OPERATORS, path, null, 403, false);
    }

    static Probe operators(String mapping, String path, String body) {
        return new Probe(mapping, Expectation.OPERATORS, path, body, 403, false);
    }

    /** The owner's values that are ids of its data: none may appear in what another tenant is answered. */
    private static final Set<String> IDS = Set.of("tag", "tagCode", "item", "credential", "file", "theme",
            "linkSet", "schema", "template", "instance", "user", "tenantId", "issuer", "partnerTag", "partnerTagCode",
            "commission", "commissionIdentifier", "auditLeaf", "auditRoot");

    private static SharedOidcTraceloom.Oidc oidc;
    private static Tenant a;
    private static Tenant b;

    /**
     * A tenant, its user's client, one of everything it holds, its admin's client (the tenant-admin scope), and
     * the client of a user of it who never registered.
     */
    record Tenant(String name, Http http, Map<String, String> owned, Http admin, Http unregistered) {
    }

    @BeforeAll
    static void twoTenantsWithOneOfEverything() {
        oidc = SharedOidcTraceloom.get();
        a = tenant("isolation-a");
        b = tenant("isolation-b");
    }

    private static Tenant tenant(String prefix) {
        String external = SharedTraceloom.unique(prefix);
        Http http = oidc.registeredUser(external, "user-of-" + external);
        Http admin = oidc.registeredTenantAdmin(external, "admin-of-" + external);
        Http unregistered = oidc.anonymous().bearer(oidc.identityProvider().user(external, "stranger-of-" + external,
                "Stranger", "stranger@" + external + ".example"));
        return new Tenant(external, http, ownedBy(http, external), admin, unregistered);
    }

    @TestFactory
    Stream<DynamicTest> bSeesNothingOfA() {
        return tries(b, a);
    }

    @TestFactory
    Stream<DynamicTest> aSeesNothingOfB() {
        return tries(a, b);
    }

    /** Every probe by {@code other} on {@code owner}'s data; then the owner's data is as it was. */
    private static Stream<DynamicTest> tries(Tenant other, Tenant owner) {
        JsonNode before = everything(owner);
        Stream<DynamicTest> each = endpoints().stream().map(probe -> dynamicTest(probe.toString(),
                () -> tryOn(probe, other, owner)));
        Stream<DynamicTest> after = Stream.of(dynamicTest("the owner's data is as it was", () ->
                assertThat(everything(owner)).isEqualTo(before)));
        return Stream.concat(each, after);
    }

    private static void tryOn(Probe probe, Tenant other, Tenant owner) {
        Map<String, String> theirs = owner.owned();
        Map<String, String> mine = other.owned();
        if (probe.expectation() == Expectation.PUBLIC) {
            Response anonymous = probe.send(oidc.anonymous(), theirs, mine);
            assertThat(anonymous.status()).as(probe + ": " + anonymous.body()).isLessThan(400);
            return;
        }
        Response anonymous = probe.send(oidc.anonymous(), theirs, mine);
        assertThat(anonymous.status()).as(probe + " without a token").isEqualTo(401);
        assertThat(anonymous.contentType()).startsWith("application/problem+json");

        Response response = probe.send(other.http(), theirs, mine);
        String what = probe + " -> " + response.status() + " " + response.body();
        switch (probe.expectation()) {
            case NOT_FOUND, REFUSED, OPERATORS -> {
                assertThat(response.status()).as(what).isEqualTo(probe.status());
                assertThat(response.contentType()).as(what).startsWith("application/problem+json");
            }
            case CREATES -> assertThat(response.status()).as(what).isBetween(200, 299);
            case LISTS -> assertThat(response.status()).as(what).isEqualTo(200);
            default -> throw new IllegalStateException(probe.toString());
        }
        if (probe.expectation() != Expectation.OPERATORS) {
            Response operator = probe.send(oidc.operator(), theirs, mine);
            assertThat(operator.status()).as(probe + " with a token naming no tenant").isEqualTo(403);
        }
        if (probe.expectation() != Expectation.OPERATORS && !probe.mapping().equals("POST /auth/tenant-users")) {
            Response unregistered = probe.send(other.unregistered(), theirs, mine);
            assertThat(unregistered.status()).as(probe + " by a user who never registered: " + unregistered.body())
                    .isEqualTo(403);
            assertThat(unregistered.json().get("type").asText()).as(probe + " by a user who never registered")
                    .isEqualTo("urn:traceloom:problem:user-not-registered");
        }
        if (probe.expectation() == Expectation.NOT_FOUND || probe.expectation() == Expectation.REFUSED) {
            Response admin = probe.send(other.admin(), theirs, mine);
            assertThat(admin.status()).as(probe + " by the tenant's admin: " + admin.body()).isEqualTo(probe.status());
        }
        String sent = fill(probe.path() + " " + probe.body(), theirs, mine);
        for (String id : IDS) {
            if (!sent.contains(theirs.get(id))) {
                assertThat(response.body()).as(what + ": shows the owner's " + id).doesNotContain(theirs.get(id));
            }
        }
    }

    /** The endpoints the application maps, as {@code METHOD pattern}, against the lines of {@link #endpoints()}. */
    @Test
    void everyEndpointOfTheServiceIsTried() {
        RequestMappingHandlerMapping mapping = oidc.traceloom().bean("requestMappingHandlerMapping",
                RequestMappingHandlerMapping.class);
        Set<String> mapped = new TreeSet<>();
        for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mapping.getHandlerMethods().entrySet()) {
            Class<?> controller = entry.getValue().getBeanType();
            if (!controller.getName().startsWith("io.traceloom.api.")
                    || controller.getName().startsWith("io.traceloom.api.problem.")
                    || controller.getName().startsWith("io.traceloom.api.bench.")) {
                continue;
            }
            for (var method : entry.getKey().getMethodsCondition().getMethods()) {
                for (String pattern : entry.getKey().getPathPatternsCondition().getPatternValues()) {
                    mapped.add(method + " " + pattern);
                }
            }
        }
        Set<String> tried = new TreeSet<>();
        endpoints().forEach(probe -> tried.add(probe.mapping()));

        assertThat(mapped).as("the application maps endpoints").hasSizeGreaterThan(40);
        assertThat(tried).as("endpoints the application maps that " + TenantIsolationTest.class.getSimpleName()
                + ".endpoints() does not try: add a line for each").containsAll(mapped);
        assertThat(mapped).as("lines of endpoints() that name no endpoint of the application").containsAll(tried);
    }

    /** Each tenant issues as itself: its own did:key, never the other's. */
    @Test
    void eachTenantIssuesUnderItsOwnDid() {
        assertThat(a.owned().get("issuer")).startsWith("did:key:").isNotEqualTo(b.owned().get("issuer"));
        Response issued = b.http().post("/credentials/issue", "{}");
        assertThat(issued.json().at("/credential/issuer").asText()).isEqualTo(b.owned().get("issuer"));
    }

    /** The admin scope is no way across tenants: a token naming tenant A sees A's data only, scope or not. */
    @Test
    void theAdminScopeIsNoWayAcrossTenants() {
        Http adminOfA = oidc.anonymous().bearer(oidc.identityProvider().token(oidc.identityProvider()
                .claims("user-of-" + a.name()).claim("tenant_id", a.name()).claim("name", "A").claim("email", "a@x.example")
                .claim("scope", "openid traceloom:admin").build()));

        assertThat(adminOfA.get("/trade-items/" + b.owned().get("item")).status()).isEqualTo(404);
        assertThat(adminOfA.get("/trade-items/" + a.owned().get("item")).status()).isEqualTo(200);
        assertThat(adminOfA.get("/trade-items?limit=100").body()).doesNotContain(b.owned().get("item"));
    }

    /** One of everything, created through the API by the tenant's user: the ids and values the probes use. */
    private static Map<String, String> ownedBy(Http http, String externalTenant) {
        Map<String, String> owned = new LinkedHashMap<>();
        owned.put("externalTenant", externalTenant);
        owned.put("since", java.time.Instant.now().minusMillis(1).toString());
        JsonNode user = http.post("/auth/tenant-users", "{}").json();
        owned.put("user", user.get("id").asText());
        owned.put("userETag", http.get("/auth/tenant-users/" + user.get("id").asText()).header("ETag"));
        owned.put("tenantId", user.get("tenantId").asText());
        String code = SharedTraceloom.unique("CODE");
        JsonNode tag = created(http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"Mine\"}"));
        owned.put("tag", tag.get("id").asText());
        owned.put("tagCode", code);
        owned.put("item", created(http.post("/trade-items", "{\"name\":\"Mine\",\"tradeItemTag\":\"" + code + "\"}"))
                .get("id").asText());
        String partnerCode = SharedTraceloom.unique("PARTNER");
        owned.put("partnerTag", created(http.post("/partner-tags", "{\"code\":\"" + partnerCode + "\",\"name\":\"Mine\"}"))
                .get("id").asText());
        owned.put("partnerTagCode", partnerCode);
        String identifier = SharedTraceloom.unique("SSCC");
        owned.put("commission", created(http.post("/custody-commissions", "{\"identifier\":\"" + identifier
                + "\",\"registeredConsumers\":[\"carrier\"]}")).get("id").asText());
        owned.put("commissionIdentifier", identifier);
        Response credential = http.post("/credentials/issue", "{}");
        JsonNode issued = created(credential);
        owned.put("credential", credential.header("Location").replaceAll(".*/", ""));
        owned.put("credentialJson", issued.get("credential").toString());
        owned.put("issuer", issued.at("/credential/issuer").asText());
        owned.put("statusList", issued.at("/credential/credentialStatus/statusListCredential").asText()
                .replaceAll(".*/", ""));
        String file = created(http.upload("/files", Multipart.file("logo.png", "image/png", Samples.PNG)))
                .get("id").asText();
        owned.put("file", file);
        Response theme = http.post("/organization-themes", "{\"color\":\"#123456\",\"icon\":\"" + file + "\"}");
        assertThat(theme.status()).as(theme.body()).isEqualTo(200);
        owned.put("theme", theme.json().get("id").asText());
        String gtin = Gs1Keys.gtin();
        String linkSet = UUID.randomUUID().toString();
        created(http.put("/link-sets/" + linkSet, "{\"identifier\":\"01/" + gtin + "\",\"links\":[" + PIP + "]}"));
        owned.put("linkSet", linkSet);
        owned.put("gtin.owned", gtin);
        String schema = UUID.randomUUID().toString();
        created(http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"properties\":{\"lot\":{\"type\":\"string\"}}}}"));
        owned.put("schema", schema);
        String template = created(http.post("/canvas-templates", "{\"name\":\"Label\",\"template\":\"{{lot}}\","
                + "\"schemaId\":\"" + schema + "\"}")).get("id").asText();
        owned.put("template", template);
        owned.put("instance", created(http.post("/canvas-templates/" + template + "/render", "{\"lot\":\"L1\"}"))
                .get("id").asText());
        // the tenant's audit log once it shows all of that (it follows the store by itself): its size, and the root
        // and first leaf of its tree, which are the owner's alone
        String instance = owned.get("instance");
        List<String> log = AuditFeeds.await(http, "", lines -> String.join("\n", lines).contains(instance));
        owned.put("auditLogSize", Integer.toString(log.size()));
        owned.put("auditLeaf", http.get("/audit/proofs/inclusion?index=0&treeSize=" + log.size()).json()
                .get("leafHash").asText());
        owned.put("auditRoot", http.get("/audit/checkpoint?treeSize=" + log.size()).json()
                .at("/credentialSubject/rootHash").asText());
        owned.put("now", java.time.Instant.now().toString());
        return owned;
    }

    private static JsonNode created(Response response) {
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }

    /** Everything the owner's lists and reads show. */
    private static JsonNode everything(Tenant owner) {
        ObjectNode all = (ObjectNode) Fixtures.everything(owner.http());
        for (String read : List.of("/credentials/{credential}", "/canvas-template-instances/{instance}",
                "/auth/tenant-users/{user}")) {
            Response response = owner.http().get(fill(read, owner.owned(), Map.of()));
            all.set(read, response.status() == 200 ? response.json() : JsonNodeFactory.instance.numberNode(response.status()));
        }
        return all;
    }

    private static String fill(String text, Map<String, String> owner, Map<String, String> mine) {
        String filled = text;
        List<String> keys = new ArrayList<>(owner.keySet());
        keys.sort((x, y) -> y.length() - x.length());
        for (String key : keys) {
            if (mine.containsKey(key)) {
                filled = filled.replace("{mine." + key + "}", mine.get(key));
            }
            filled = filled.replace("{" + key + "}", owner.get(key));
        }
        while (filled.contains("{new}")) {
            filled = filled.replaceFirst("\\{new}", UUID.randomUUID().toString());
        }
        while (filled.contains("{gtin}")) {
            filled = filled.replaceFirst("\\{gtin}", Gs1Keys.gtin());
        }
        return filled;
    }
}
