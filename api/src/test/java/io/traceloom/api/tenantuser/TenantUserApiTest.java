package io.traceloom.api.tenantuser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import org.junit.jupiter.api.Test;

/**
 * Tenant users and tenants in the {@code local} mode: the local tenant exists from the start, so its one user
 * registers without an operator; operators' endpoints are open, as everything is on a loopback address.
 */
class TenantUserApiTest {

    private static final String LOCAL_TENANT = "6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01";
    private static final String LOCAL_USER = "0b8e4f6a-2c1d-4e3f-8a9b-7c6d5e4f3a21";

    private final Http http = SharedTraceloom.get().http();

    @Test
    void theLocalTenantExistsFromTheStart() {
        Response tenant = http.get("/admin/tenants/" + LOCAL_TENANT);

        assertThat(tenant.status()).isEqualTo(200);
        assertThat(tenant.json().get("id").asText()).isEqualTo(LOCAL_TENANT);
        assertThat(tenant.json().get("name").asText()).isEqualTo("Local tenant");
        assertThat(tenant.json().get("disabled").asBoolean()).isFalse();
        assertThat(http.get("/admin/tenants?limit=100").json().findValuesAsText("id")).contains(LOCAL_TENANT);
    }

    @Test
    void theLocalUserRegistersAndIsListedAndReadBack() {
        Response registered = http.post("/auth/tenant-users", "{}");
        assertThat(registered.status()).isIn(200, 201);
        JsonNode user = registered.json();
        assertThat(user.get("id").asText()).isEqualTo(LOCAL_USER);
        assertThat(user.get("tenantId").asText()).isEqualTo(LOCAL_TENANT);
        assertThat(user.get("name").asText()).isEqualTo("Local User");
        assertThat(user.get("email").asText()).isEqualTo("local@localhost");

        Response again = http.post("/auth/tenant-users", "{}");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json()).isEqualTo(user);
        Response read = http.get("/auth/tenant-users/" + LOCAL_USER);
        assertThat(read.json()).isEqualTo(user);
        assertThat(http.get("/auth/tenant-users/" + LOCAL_USER, "If-None-Match", read.header("ETag")).status())
                .isEqualTo(304);
        Response list = http.get("/auth/tenant-users");
        assertThat(list.json().findValuesAsText("id")).containsExactly(LOCAL_USER);
        assertThat(list.header("X-Total-Count")).isEqualTo("1");
    }

    @Test
    void anUnknownUserIsNotFound() {
        Response response = http.get("/auth/tenant-users/5a1c0d7e-0000-4000-8000-000000000000");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(http.delete("/auth/tenant-users/5a1c0d7e-0000-4000-8000-000000000000").status()).isEqualTo(404);
    }

    @Test
    void anOperatorRegistersDisablesAndEnablesATenant() {
        String tenant = SharedTraceloom.unique("globex");

        Response created = http.put("/admin/tenants/" + tenant, "{\"name\":\"Globex\"}");
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).endsWith("/admin/tenants/" + tenant);
        assertThat(created.json().get("id").asText()).matches("[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(http.put("/admin/tenants/" + tenant, "{\"name\":\"Globex\"}").status()).isEqualTo(200);

        Response disabled = http.post("/admin/tenants/" + tenant + "/disable", "");
        assertThat(disabled.status()).isEqualTo(200);
        assertThat(disabled.json().get("disabled").asBoolean()).isTrue();
        assertThat(http.post("/admin/tenants/" + tenant + "/disable", "").json().get("disabled").asBoolean()).isTrue();
        assertThat(http.get("/admin/tenants/" + tenant).json().get("disabled").asBoolean()).isTrue();

        Response enabled = http.post("/admin/tenants/" + tenant + "/enable", "");
        assertThat(enabled.json().get("disabled").asBoolean()).isFalse();
        assertThat(enabled.json().get("createdAt")).isEqualTo(created.json().get("createdAt"));
    }
}
