package io.traceloom.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.JWTClaimsSet;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedOidcTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.api.support.TestIdentityProvider;
import io.traceloom.api.support.Waits;
import io.traceloom.kernel.tenantuser.DeleteTenantUser;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import java.util.function.Supplier;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;

/**
 * The {@code oidc} mode over real HTTP with real tokens: what is refused (401 without a valid token, 403 for a
 * caller that may not act) as problem+json that changes nothing, who is let in, and the life of tenants and
 * tenant users as operators and users see it.
 */
class OidcModeTest {

    private final SharedOidcTraceloom.Oidc oidc = SharedOidcTraceloom.get();
    private final TestIdentityProvider idp = oidc.identityProvider();

    @Test
    void withoutATokenATenantEndpointIs401AskingForABearerToken() {
        Response response = refusedStoringNothing(() -> oidc.anonymous().post("/trade-items", "{\"name\":\"x\"}"));

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
        assertProblem(response, 401);
        assertThat(oidc.anonymous().get("/trade-items").status()).isEqualTo(401);
        assertThat(oidc.anonymous().get("/no-such-route").status()).as("routes are not told").isEqualTo(401);
    }

    @Test
    void anInvalidTokenIs401InvalidToken() {
        String tenant = SharedTraceloom.unique("t");
        oidc.registeredUser(tenant, "valid-user");
        JWTClaimsSet valid = idp.claims("valid-user").claim("tenant_id", tenant).claim("name", "V")
                .claim("email", "v@x.example").build();
        Instant longAgo = Instant.now().minusSeconds(7200);
        String[] invalid = {
                idp.token(new JWTClaimsSet.Builder(valid).expirationTime(Date.from(longAgo)).build()),
                idp.token(new JWTClaimsSet.Builder(valid).issuer("https://idp.example/realms/other").build()),
                idp.token(new JWTClaimsSet.Builder(valid).audience("another-service").build()),
                idp.forgedToken(valid),
                TestIdentityProvider.unsignedToken(valid),
                "not-a-jwt"};
        String[] what = {"expired", "wrong issuer", "wrong audience", "wrong signature", "alg: none", "garbage"};

        assertThat(oidc.anonymous().bearer(idp.token(valid)).get("/trade-items").status()).as("valid").isEqualTo(200);
        for (int i = 0; i < invalid.length; i++) {
            Http client = oidc.anonymous().bearer(invalid[i]);
            Response response = refusedStoringNothing(() -> client.post("/trade-items", "{\"name\":\"x\"}"));
            assertThat(response.status()).as(what[i]).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate")).as(what[i]).startsWith("Bearer")
                    .contains("invalid_token");
            assertProblem(response, 401);
        }
    }

    @Test
    void aTokenWithoutATenantIs403() {
        Http noTenant = oidc.anonymous().bearer(idp.token(idp.claims("someone").claim("name", "S")
                .claim("email", "s@x.example").build()));

        Response response = refusedStoringNothing(() -> noTenant.post("/trade-items", "{\"name\":\"x\"}"));

        assertThat(response.status()).isEqualTo(403);
        assertProblem(response, 403);
        assertThat(response.json().get("detail").asText()).contains("tenant_id");
        assertThat(noTenant.post("/auth/tenant-users", "{}").status()).isEqualTo(403);
        assertThat(oidc.operator().get("/trade-items").status()).as("the admin scope names no tenant").isEqualTo(403);
    }

    @Test
    void anUnregisteredTenantIs403AndCannotRegisterUsers() {
        String tenant = SharedTraceloom.unique("unregistered");
        Http user = oidc.anonymous().bearer(idp.user(tenant, "u", "U", "u@x.example"));

        Response refused = refusedStoringNothing(() -> user.get("/trade-items"));
        Response registration = refusedStoringNothing(() -> user.post("/auth/tenant-users", "{}"));

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("detail").asText()).contains("not registered");
        assertThat(registration.status()).as("SPEC.md: the tenant user could not be found").isEqualTo(404);
        assertProblem(registration, 404);
    }

    @Test
    void aDisabledTenantsUsersAre403UntilItIsEnabledAgain() {
        String tenant = SharedTraceloom.unique("disabled");
        Http user = oidc.registeredUser(tenant, "alice");
        assertThat(user.post("/trade-items", "{\"name\":\"Before\"}").status()).isEqualTo(201);

        Response disabled = oidc.operator().post("/admin/tenants/" + tenant + "/disable", "");
        assertThat(disabled.status()).as(disabled.body()).isEqualTo(200);
        assertThat(disabled.json().get("disabled").asBoolean()).isTrue();

        Response refused = refusedStoringNothing(() -> user.post("/trade-items", "{\"name\":\"During\"}"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("detail").asText()).isEqualTo("Tenant '" + tenant + "' is disabled.");
        assertThat(refusedStoringNothing(() -> user.post("/auth/tenant-users", "{}")).status()).isEqualTo(404);

        assertThat(oidc.operator().post("/admin/tenants/" + tenant + "/enable", "").json().get("disabled").asBoolean())
                .isFalse();
        assertThat(user.get("/trade-items").json().findValuesAsText("name")).containsExactly("Before");
    }

    @Test
    void aDeletedUserIs403UntilItRegistersAgain() {
        String tenant = SharedTraceloom.unique("deleting");
        Http alice = oidc.registeredUser(tenant, "alice");
        Http bob = oidc.registeredTenantAdmin(tenant, "bob");
        String aliceId = alice.post("/auth/tenant-users", "{}").json().get("id").asText();

        assertThat(bob.delete("/auth/tenant-users/" + aliceId).status()).isEqualTo(204);

        Response refused = refusedStoringNothing(() -> alice.get("/trade-items"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("detail").asText()).contains("deleted");
        assertThat(bob.get("/auth/tenant-users/" + aliceId).status()).isEqualTo(404);
        assertThat(bob.get("/auth/tenant-users").json().findValuesAsText("id")).doesNotContain(aliceId);

        Response again = alice.post("/auth/tenant-users", "{}");
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json().get("id").asText()).isEqualTo(aliceId);
        assertThat(alice.get("/trade-items").status()).isEqualTo(200);
    }

    @Test
    void aUserWhoNeverRegisteredIs403ForEverythingButRegisteringItself() {
        String tenant = SharedTraceloom.unique("unregistered-user");
        oidc.registeredUser(tenant, "member");
        Http stranger = oidc.anonymous().bearer(idp.user(tenant, "stranger", "Stranger", "stranger@x.example"));

        Response refused = refusedStoringNothing(() -> stranger.post("/trade-items", "{\"name\":\"x\"}"));

        assertThat(refused.status()).isEqualTo(403);
        assertProblem(refused, 403);
        assertThat(refused.json().get("type").asText()).isEqualTo("urn:traceloom:problem:user-not-registered");
        assertThat(refused.json().get("detail").asText()).contains("POST /auth/tenant-users");
        for (String path : new String[] {"/trade-items", "/auth/tenant-users", "/audit/events", "/no-such-route"}) {
            Response read = stranger.get(path);
            assertThat(read.status()).as(path).isEqualTo(403);
            assertThat(read.json().get("type").asText()).as(path).isEqualTo("urn:traceloom:problem:user-not-registered");
        }
        assertThat(stranger.get("/.well-known/gs1resolver").status()).as("public").isEqualTo(200);

        assertThat(stranger.post("/auth/tenant-users", "{}").status()).as("registering itself").isEqualTo(201);
        assertThat(stranger.get("/trade-items").status()).isEqualTo(200);
    }

    /**
     * The standing of a caller is read on each request, not remembered: a deletion made past this process's API
     * (as another process of the deployment makes it, through the command bus) bites on the next request once
     * the read models show it.
     */
    @Test
    void aDeletionMadeElsewhereBitesOnTheNextRequest() {
        String tenant = SharedTraceloom.unique("elsewhere");
        Http alice = oidc.registeredUser(tenant, "alice");
        Http bob = oidc.registeredUser(tenant, "bob");
        JsonNode self = alice.post("/auth/tenant-users", "{}").json();
        String aliceId = self.get("id").asText();
        assertThat(alice.get("/trade-items").status()).isEqualTo(200);

        oidc.traceloom().bean(CommandGateway.class).sendAndWait(new DeleteTenantUser(self.get("tenantId").asText(),
                aliceId, null));
        Waits.until(bob, "/auth/tenant-users/" + aliceId, "show the deletion", read -> read.status() == 404,
                Duration.ofSeconds(30), () -> true, () -> "");

        Response refused = alice.get("/trade-items");
        assertThat(refused.status()).as(refused.body()).isEqualTo(403);
        assertThat(refused.json().get("detail").asText()).contains("deleted");
    }

    @Test
    void aUserDeletesItselfAndOthersOnlyWithTheTenantAdminScope() {
        String tenant = SharedTraceloom.unique("roles");
        Http alice = oidc.registeredUser(tenant, "alice");
        Http bob = oidc.registeredUser(tenant, "bob");
        Http admin = oidc.registeredTenantAdmin(tenant, "admin");
        String aliceId = alice.post("/auth/tenant-users", "{}").json().get("id").asText();
        String bobId = bob.post("/auth/tenant-users", "{}").json().get("id").asText();

        Response refused = refusedStoringNothing(() -> bob.delete("/auth/tenant-users/" + aliceId));
        assertThat(refused.status()).isEqualTo(403);
        assertProblem(refused, 403);
        assertThat(refused.json().get("type").asText()).isEqualTo("urn:traceloom:problem:tenant-admin-required");
        assertThat(refused.json().get("detail").asText()).contains(TestIdentityProvider.TENANT_ADMIN_SCOPE);
        assertThat(bob.get("/auth/tenant-users/" + aliceId).status()).isEqualTo(200);
        assertThat(alice.get("/trade-items").status()).isEqualTo(200);
        assertThat(refusedStoringNothing(() -> bob.delete("/auth/tenant-users/" + UUID.randomUUID())).status())
                .as("no such user: as for any other id").isEqualTo(404);

        assertThat(admin.delete("/auth/tenant-users/" + aliceId).status()).isEqualTo(204);
        assertThat(alice.get("/trade-items").status()).isEqualTo(403);
        assertThat(bob.delete("/auth/tenant-users/" + bobId).status()).as("itself").isEqualTo(204);
        assertThat(bob.get("/trade-items").status()).isEqualTo(403);
        assertThat(admin.get("/auth/tenant-users").json().findValuesAsText("id")).doesNotContain(aliceId, bobId);
    }

    @Test
    void deletingAUserHonoursIfMatch() {
        String tenant = SharedTraceloom.unique("if-match");
        Http admin = oidc.registeredTenantAdmin(tenant, "admin");
        Http alice = oidc.registeredUser(tenant, "alice");
        String aliceId = alice.post("/auth/tenant-users", "{}").json().get("id").asText();
        String seen = admin.get("/auth/tenant-users/" + aliceId).header("ETag");
        Http renamed = oidc.anonymous().bearer(idp.user(tenant, "alice", "Alice Renamed", "alice@x.example"));
        assertThat(renamed.post("/auth/tenant-users", "{}").status()).isEqualTo(200);

        Response stale = refusedStoringNothing(() -> admin.delete("/auth/tenant-users/" + aliceId, "If-Match", seen));
        assertThat(stale.status()).as(stale.body()).isEqualTo(412);
        assertProblem(stale, 412);
        assertThat(admin.get("/auth/tenant-users/" + aliceId).json().get("name").asText()).isEqualTo("Alice Renamed");
        assertThat(alice.get("/trade-items").status()).isEqualTo(200);

        String current = admin.get("/auth/tenant-users/" + aliceId).header("ETag");
        assertThat(admin.delete("/auth/tenant-users/" + aliceId, "If-Match", current).status())
                .isEqualTo(204);
        assertThat(admin.get("/auth/tenant-users/" + aliceId).status()).isEqualTo(404);
    }

    @Test
    void aUserRegistersWithItsTenantOnceAndIsRefreshedFromItsToken() {
        String tenant = SharedTraceloom.unique("registering");
        oidc.operator().put("/admin/tenants/" + tenant, "{\"name\":\"Registering\"}");
        Http first = oidc.anonymous().bearer(idp.user(tenant, "carol", "Carol", "carol@x.example"));

        Response created = first.post("/auth/tenant-users", "{}");
        assertThat(created.status()).isEqualTo(201);
        JsonNode user = created.json();
        assertThat(io.traceloom.api.support.Fixtures.fieldNames(user))
                .containsExactly("id", "tenantId", "name", "email", "createdAt", "updatedAt");
        assertThat(user.get("id").asText()).matches("[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(user.get("tenantId").asText()).isEqualTo(oidc.operator().get("/admin/tenants/" + tenant).json()
                .get("id").asText());
        assertThat(created.header("Location")).endsWith("/auth/tenant-users/" + user.get("id").asText());

        Http renamed = oidc.anonymous().bearer(idp.user(tenant, "carol", "Carol Smith", "carol@x.example"));
        Response again = renamed.post("/auth/tenant-users", "{}");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("id")).isEqualTo(user.get("id"));
        assertThat(again.json().get("name").asText()).isEqualTo("Carol Smith");
        assertThat(again.json().get("createdAt")).isEqualTo(user.get("createdAt"));
        assertThat(renamed.get("/auth/tenant-users/" + user.get("id").asText()).json()).isEqualTo(again.json());
    }

    @Test
    void anIdentityWithoutANameOrEmailCannotRegister() {
        String tenant = SharedTraceloom.unique("nameless");
        oidc.operator().put("/admin/tenants/" + tenant, "{\"name\":\"Nameless\"}");
        Http nameless = oidc.anonymous().bearer(idp.token(idp.claims("dave").claim("tenant_id", tenant).build()));

        Response refused = refusedStoringNothing(() -> nameless.post("/auth/tenant-users", "{}"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").findValuesAsText("field")).containsExactly("name", "email");
        assertThat(refusedStoringNothing(() -> nameless.post("/auth/tenant-users", "{\"name\":\"Dave\"}")).status())
                .as("the body declares no properties").isEqualTo(400);
    }

    @Test
    void operatorEndpointsNeedTheAdminScope() {
        String tenant = SharedTraceloom.unique("ops");
        Http user = oidc.registeredUser(tenant, "erin");

        for (String path : new String[] {"/admin/tenants", "/admin/tenants/" + tenant, "/actuator/projections",
                "/actuator/prometheus", "/actuator"}) {
            Response asUser = user.get(path);
            assertThat(asUser.status()).as(path).isEqualTo(403);
            assertProblem(asUser, 403);
            assertThat(oidc.anonymous().get(path).status()).as(path).isEqualTo(401);
            assertThat(oidc.operator().get(path).status()).as(path).isEqualTo(200);
        }
        assertThat(refusedStoringNothing(() -> user.put("/admin/tenants/" + tenant, "{\"name\":\"Mine now\"}"))
                .status()).isEqualTo(403);
        assertThat(refusedStoringNothing(() -> user.post("/admin/tenants/" + tenant + "/disable", "")).status())
                .isEqualTo(403);
        assertThat(refusedStoringNothing(() -> user.post("/actuator/projections/trade-items", "")).status())
                .isEqualTo(403);
    }

    @Test
    void operatorsRegisterRenameAndListTenants() {
        String tenant = SharedTraceloom.unique("acme");
        Response created = oidc.operator().put("/admin/tenants/" + tenant, "{\"name\":\"ACME\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("externalId").asText()).isEqualTo(tenant);
        assertThat(created.json().get("disabled").asBoolean()).isFalse();

        Response renamed = oidc.operator().put("/admin/tenants/" + tenant, "{\"name\":\"ACME Foods\"}");
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("id")).isEqualTo(created.json().get("id"));
        assertThat(renamed.json().get("name").asText()).isEqualTo("ACME Foods");
        assertThat(oidc.operator().get("/admin/tenants?limit=100").json().findValuesAsText("externalId"))
                .contains(tenant);
        assertThat(oidc.operator().get("/admin/tenants/never-registered").status()).isEqualTo(404);
        assertThat(oidc.operator().post("/admin/tenants/never-registered/disable", "").status()).isEqualTo(404);
        assertThat(oidc.operator().put("/admin/tenants/a%20b", "{\"name\":\"x\"}").status()).isEqualTo(400);
    }

    @Test
    void whatTheWorldReadsNeedsNoToken() {
        assertThat(oidc.anonymous().get("/actuator/health").status()).isEqualTo(200);
        assertThat(oidc.anonymous().get("/actuator/health/readiness").status()).isEqualTo(200);
        assertThat(oidc.anonymous().get("/.well-known/gs1resolver").status()).isEqualTo(200);
        assertThat(oidc.anonymous().get("/contexts/traceloom/v1").status()).isEqualTo(200);
        assertThat(oidc.anonymous().get("/01/09506000134352").status()).as("resolver: nothing there").isEqualTo(404);
        assertThat(oidc.anonymous().get("/v3/api-docs").status()).isEqualTo(200);

        String tenant = SharedTraceloom.unique("schemas");
        Http user = oidc.registeredUser(tenant, "frank");
        String id = java.util.UUID.randomUUID().toString();
        assertThat(user.put("/schemas/" + id, "{\"name\":\"Lot\",\"schema\":{\"type\":\"object\"}}").status())
                .isEqualTo(201);
        Response bySchemaUrl = oidc.anonymous().get("/schemas/" + id, "Accept", "application/schema+json");
        assertThat(bySchemaUrl.status()).isEqualTo(200);
        assertThat(bySchemaUrl.json().get("type").asText()).isEqualTo("object");
        assertThat(oidc.anonymous().get("/schemas/" + id).status()).as("its record is the tenant's").isEqualTo(401);
        assertThat(oidc.anonymous().get("/schemas/" + id, "Accept", "application/json").status()).isEqualTo(401);
    }

    /**
     * Sends the request, and checks that the store's head did not move. The audit log's appender extends the log a
     * moment after every write (an earlier test's too): waited for first, so that only the request could move it.
     */
    private Response refusedStoringNothing(Supplier<Response> request) {
        AuditFeeds.awaitAppended(oidc.traceloom());
        EventStore events = oidc.traceloom().bean(EventStore.class);
        long before = position(events.createHeadToken());
        Response response = request.get();
        assertThat(position(events.createHeadToken())).as("stored nothing: " + response.body()).isEqualTo(before);
        return response;
    }

    private static long position(TrackingToken token) {
        return token == null ? -1 : token.position().orElse(-1);
    }

    private static void assertProblem(Response response, int status) {
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("status").asInt()).isEqualTo(status);
        assertThat(response.json().get("type").asText()).startsWith("urn:traceloom:problem:");
        assertThat(response.json().get("detail").asText()).isNotBlank();
        assertThat(response.header("X-Request-Id")).isNotBlank();
    }
}
