package io.traceloom.api.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Features;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import io.traceloom.api.support.SharedOidcTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
 * line fails {@link #everyEndpointOfTheServiceIsTried()}. A new endpoint is one line of its feature's
 * {@link FeatureCases#isolationProbes()} (CONTRIBUTING.md).
 */
class TenantIsolationTest {

    /**
     * One line per endpoint, each feature's ({@link FeatureCases#isolationProbes()}), in the order of
     * {@link Features#ALL}.
     */
    static List<IsolationProbe> endpoints() {
        List<IsolationProbe> probes = new ArrayList<>();
        Features.ALL.forEach(feature -> probes.addAll(feature.isolationProbes()));
        return probes;
    }

    /** The owner's values that are ids of its data: none may appear in what another tenant is answered. */
    private static final Set<String> IDS = Features.ALL.stream().flatMap(feature -> feature.ownedIds().stream())
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

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

    private static void tryOn(IsolationProbe probe, Tenant other, Tenant owner) {
        Map<String, String> theirs = owner.owned();
        Map<String, String> mine = other.owned();
        if (probe.expectation() == IsolationProbe.Expectation.PUBLIC) {
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
        if (probe.expectation() != IsolationProbe.Expectation.OPERATORS) {
            Response operator = probe.send(oidc.operator(), theirs, mine);
            assertThat(operator.status()).as(probe + " with a token naming no tenant").isEqualTo(403);
        }
        if (probe.expectation() != IsolationProbe.Expectation.OPERATORS && !probe.mapping().equals("POST /auth/tenant-users")) {
            Response unregistered = probe.send(other.unregistered(), theirs, mine);
            assertThat(unregistered.status()).as(probe + " by a user who never registered: " + unregistered.body())
                    .isEqualTo(403);
            assertThat(unregistered.json().get("type").asText()).as(probe + " by a user who never registered")
                    .isEqualTo("urn:traceloom:problem:user-not-registered");
        }
        if (probe.expectation() == IsolationProbe.Expectation.NOT_FOUND || probe.expectation() == IsolationProbe.Expectation.REFUSED) {
            Response admin = probe.send(other.admin(), theirs, mine);
            assertThat(admin.status()).as(probe + " by the tenant's admin: " + admin.body()).isEqualTo(probe.status());
        }
        String sent = IsolationProbe.fill(probe.path() + " " + probe.body(), theirs, mine);
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
        Features.ALL.forEach(feature -> feature.ownForIsolation(http, owned));
        owned.put("now", java.time.Instant.now().toString());
        return owned;
    }

    /** Everything the owner's lists and reads show. */
    private static JsonNode everything(Tenant owner) {
        ObjectNode all = (ObjectNode) Fixtures.everything(owner.http());
        for (String read : Features.ALL.stream().flatMap(feature -> feature.ownedReads().stream()).toList()) {
            Response response = owner.http().get(IsolationProbe.fill(read, owner.owned(), Map.of()));
            all.set(read, response.status() == 200 ? response.json() : JsonNodeFactory.instance.numberNode(response.status()));
        }
        return all;
    }
}
