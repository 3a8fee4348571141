package io.traceloom.api.theme;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.ProblemJson;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.Samples;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each test acts for a tenant of its own: a tenant has one theme, and the first POST is what creates it. */
class OrganizationThemeApiTest {

    @TempDir
    static Path dataDir;
    private static RunningTraceloom traceloom;
    private static Http http;

    private final String tenant = UUID.randomUUID().toString();

    @BeforeAll
    static void start() {
        traceloom = RunningTraceloom.start(dataDir, List.of(OtherTenants.class));
        http = traceloom.http();
    }

    @AfterAll
    static void stop() {
        traceloom.close();
    }

    @Test
    void theFirstPostCreatesTheThemeWithItsIconEmbedded() {
        JsonNode icon = upload("logo.png", Samples.PNG);

        Response set = post("{\"color\":\"#1a73e8\",\"icon\":\"" + icon.get("id").asText() + "\"}");

        assertThat(set.status()).as(set.body()).isEqualTo(200);
        JsonNode theme = set.json();
        assertThat(Fixtures.fieldNames(theme)).containsExactly("id", "icon", "variables", "createdAt", "updatedAt");
        assertThat(theme.get("id").asText()).matches("[0-9a-f-]{36}");
        assertThat(theme.get("icon")).isEqualTo(icon);
        assertThat(theme.get("variables").get("--color-primary").asText()).isEqualTo("#1A73E8");
        assertThat(theme.get("createdAt")).isEqualTo(theme.get("updatedAt"));
        assertThat(set.header("ETag")).isEqualTo("\"0.0\"");

        Response mine = get("/organization-themes");
        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json()).isEqualTo(theme);
        assertThat(get("/organization-themes/" + theme.get("id").asText()).json()).isEqualTo(theme);
        assertThat(get("/organization-themes", "If-None-Match", set.header("ETag")).status()).isEqualTo(304);
    }

    @Test
    void thereIsNoThemeBeforeTheFirstPost() {
        assertProblem(get("/organization-themes"), 404, null);
        assertProblem(get("/organization-themes/" + UUID.randomUUID()), 404, null);
    }

    @Test
    void laterPostsReplaceTheThemeAndKeepItsId() {
        JsonNode logo = upload("logo.png", Samples.PNG);
        JsonNode banner = upload("banner.gif", Samples.GIF);
        JsonNode first = post("{\"color\":\"#000000\",\"icon\":\"" + logo.get("id").asText() + "\"}").json();

        Response second = post("{\"color\":\"#fff\",\"icon\":\"" + banner.get("id").asText() + "\"}");

        assertThat(second.status()).isEqualTo(200);
        JsonNode theme = second.json();
        assertThat(theme.get("id")).isEqualTo(first.get("id"));
        assertThat(theme.get("createdAt")).isEqualTo(first.get("createdAt"));
        assertThat(Instant.parse(theme.get("updatedAt").asText())).isAfter(Instant.parse(first.get("updatedAt").asText()));
        assertThat(theme.get("icon")).isEqualTo(banner);
        assertThat(theme.get("variables").get("--color-primary").asText()).isEqualTo("#FFFFFF");
        assertThat(second.header("ETag")).isEqualTo("\"1.0\"");
        assertThat(get("/organization-themes").json()).isEqualTo(theme);
        assertThat(get("/organization-themes/" + first.get("id").asText()).json()).isEqualTo(theme);
    }

    @Test
    void theIconFileCannotBeDeletedWhileItIsTheIconAndCanOnceItIsNot() {
        JsonNode logo = upload("logo.png", Samples.PNG);
        JsonNode banner = upload("banner.gif", Samples.GIF);
        String themeId = post("{\"color\":\"#123456\",\"icon\":\"" + logo.get("id").asText() + "\"}").json()
                .get("id").asText();

        Response refused = http.delete("/files/" + logo.get("id").asText(), actingFor(tenant));
        assertProblem(refused, 409, null);
        assertThat(refused.json().get("detail").asText()).contains("icon of organization theme '" + themeId + "'");

        post("{\"color\":\"#123456\",\"icon\":\"" + banner.get("id").asText() + "\"}");
        assertThat(http.delete("/files/" + logo.get("id").asText(), actingFor(tenant)).status()).isEqualTo(204);
        assertProblem(http.delete("/files/" + banner.get("id").asText(), actingFor(tenant)), 409, null);
    }

    /**
     * The theme as of each moment is what it showed then: its icon as the file stood, also after it changed
     * icons (a later rename of the former icon is not the theme's), and with the ETag it had.
     */
    @Test
    void theThemeAsOfAnyInstantIsWhatItShowedThen() {
        JsonNode logo = upload("logo.png", Samples.PNG);
        JsonNode banner = upload("banner.gif", Samples.GIF);
        Response first = post("{\"color\":\"#123456\",\"icon\":\"" + logo.get("id").asText() + "\"}");
        String themeId = first.json().get("id").asText();
        rename(logo, "brand.png");
        Response renamed = get("/organization-themes");
        Response second = post("{\"color\":\"#654321\",\"icon\":\"" + banner.get("id").asText() + "\"}");
        rename(logo, "old.png");

        Response history = get("/organization-themes/" + themeId + "/history");
        assertThat(history.json()).extracting(e -> e.get("type").asText())
                .containsExactly("OrganizationThemeCreated", "OrganizationThemeReplaced");
        assertThat(history.header("ETag")).isEqualTo("\"1\"");
        String created = history.json().get(0).get("occurredAt").asText();
        String replaced = history.json().get(1).get("occurredAt").asText();
        String logoRenamed = null;
        for (JsonNode event : http.get("/files/" + logo.get("id").asText() + "/history", actingFor(tenant)).json()) {
            if (logoRenamed == null && event.get("type").asText().equals("FileRenamed")) {
                logoRenamed = event.get("occurredAt").asText();
            }
        }

        assertThat(get("/organization-themes?asOf=" + created).json()).isEqualTo(first.json());
        Response asRenamed = get("/organization-themes/" + themeId + "?asOf=" + logoRenamed);
        assertThat(asRenamed.json()).isEqualTo(renamed.json());
        assertThat(asRenamed.header("ETag")).isEqualTo(renamed.header("ETag"));
        assertThat(get("/organization-themes?asOf=" + replaced).json()).isEqualTo(second.json());
        assertThat(get("/organization-themes?asOf=" + Instant.now()).json()).as("the old logo's rename is not its")
                .isEqualTo(second.json());
        assertProblem(get("/organization-themes?asOf=" + Instant.parse(created).minusMillis(1)), 404, null);
        assertProblem(get("/organization-themes/" + UUID.randomUUID() + "/history"), 404, null);
        assertProblem(http.get("/organization-themes/" + themeId + "/history", actingFor(UUID.randomUUID().toString())),
                404, null);
    }

    @Test
    void theEmbeddedIconFollowsItsFile() {
        JsonNode logo = upload("logo.png", Samples.PNG);
        Response set = post("{\"color\":\"#123456\",\"icon\":\"" + logo.get("id").asText() + "\"}");

        Response renamed = http.send("PATCH", "/files/" + logo.get("id").asText(), "application/json",
                BodyPublishers.ofString("{\"key\":\"brand.png\"}"), actingFor(tenant));
        assertThat(renamed.status()).isEqualTo(200);

        Response theme = get("/organization-themes");
        assertThat(theme.json().get("icon")).isEqualTo(renamed.json());
        assertThat(theme.json().get("updatedAt")).isEqualTo(set.json().get("updatedAt"));
        assertThat(theme.header("ETag")).as("the body changed: the theme's version, then its icon's")
                .isEqualTo("\"0." + renamed.header("ETag").replace("\"", "") + "\"");
    }

    @Test
    void theColourIsAHexColour() {
        String icon = upload("logo.png", Samples.PNG).get("id").asText();
        for (String color : List.of("\"red\"", "\"#12345\"", "\"#1234567\"", "\"#GGGGGG\"", "\"1A73E8\"", "\"\"",
                "\" #1A73E8\"", "\"#1A73E8 \"", "\"#1A73E8\\n\"", "\"rgb(0,0,0)\"", "\"#12\"", "\"＃123456\"", "42",
                "null", "[\"#123456\"]")) {
            assertProblem(post("{\"color\":" + color + ",\"icon\":\"" + icon + "\"}"), 400, "color");
        }
        assertProblem(post("{\"icon\":\"" + icon + "\"}"), 400, "color");
        assertProblem(get("/organization-themes"), 404, null);
    }

    @Test
    void theIconIsARasterImageOfYours() {
        JsonNode page = upload("logo.png", Samples.HTML);
        assertThat(page.get("mimeType").asText()).isEqualTo("text/html");
        Response html = post("{\"color\":\"#123456\",\"icon\":\"" + page.get("id").asText() + "\"}");
        assertProblem(html, 400, "icon");
        assertThat(html.json().get("detail").asText()).contains("text/html").contains("raster image");

        JsonNode vector = upload("logo.svg", Samples.SVG);
        assertProblem(post("{\"color\":\"#123456\",\"icon\":\"" + vector.get("id").asText() + "\"}"), 400, "icon");

        Response theirs = http.upload("/files", Multipart.file("logo.png", "image/png", Samples.PNG),
                actingFor(UUID.randomUUID().toString()));
        assertThat(theirs.status()).isEqualTo(201);
        Response other = post("{\"color\":\"#123456\",\"icon\":\"" + theirs.json().get("id").asText() + "\"}");
        assertProblem(other, 400, "icon");
        assertThat(other.json().get("detail").asText()).isEqualTo("There is no file '" + theirs.json().get("id").asText()
                + "'.");

        assertProblem(post("{\"color\":\"#123456\",\"icon\":\"" + UUID.randomUUID() + "\"}"), 400, "icon");
        assertProblem(post("{\"color\":\"#123456\",\"icon\":\"not-a-file\"}"), 400, "icon");
        assertProblem(post("{\"color\":\"#123456\",\"icon\":42}"), 400, "icon");
        assertProblem(post("{\"color\":\"#123456\"}"), 400, "icon");
        assertProblem(get("/organization-themes"), 404, null);
    }

    @Test
    void thePaletteFollowsTheColour() {
        String icon = upload("logo.png", Samples.PNG).get("id").asText();

        JsonNode yellow = post("{\"color\":\"#FFEB3B\",\"icon\":\"" + icon + "\"}").json().get("variables");
        assertThat(yellow.get("--color-primary-hover").asText()).isEqualTo("#D9C832");
        assertThat(yellow.get("--color-primary-light").asText()).isEqualTo("#FFFBD8");
        assertThat(yellow.get("--color-on-primary").asText()).isEqualTo("#000000");
        assertThat(yellow.get("--contrast-on-primary").asText()).isEqualTo("17.19");
        assertThat(yellow.get("--contrast-aa").asText()).isEqualTo("true");

        JsonNode black = post("{\"color\":\"#000\",\"icon\":\"" + icon + "\"}").json().get("variables");
        assertThat(black.get("--color-primary").asText()).isEqualTo("#000000");
        assertThat(black.get("--color-on-primary").asText()).isEqualTo("#FFFFFF");
        assertThat(black.get("--contrast-on-primary").asText()).isEqualTo("21.00");
        assertThat(black.get("--color-primary-light").asText()).isEqualTo("#CCCCCC");
        assertThat(black.get("--color-on-primary-light").asText()).isEqualTo("#000000");
        assertThat(Fixtures.fieldNames(black)).hasSize(16);
    }

    @Test
    void anotherTenantsThemeDoesNotExist() {
        String icon = upload("logo.png", Samples.PNG).get("id").asText();
        String id = post("{\"color\":\"#123456\",\"icon\":\"" + icon + "\"}").json().get("id").asText();

        String other = UUID.randomUUID().toString();
        assertProblem(http.get("/organization-themes/" + id, actingFor(other)), 404, null);
        assertProblem(http.get("/organization-themes", actingFor(other)), 404, null);
    }

    private JsonNode upload(String name, byte[] bytes) {
        Response created = http.upload("/files", Multipart.file(name, null, bytes), actingFor(tenant));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private void rename(JsonNode file, String key) {
        assertThat(http.send("PATCH", "/files/" + file.get("id").asText(), "application/json",
                BodyPublishers.ofString("{\"key\":\"" + key + "\"}"), actingFor(tenant)).status()).isEqualTo(200);
    }

    private Response post(String json) {
        return http.post("/organization-themes", json, actingFor(tenant));
    }

    private Response get(String path, String... headers) {
        return http.get(path, actingFor(tenant, headers));
    }

    private static void assertProblem(Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().path("detail").asText()).isNotBlank().doesNotContainPattern(ProblemJson.LEAKS);
        if (field != null) {
            assertThat(response.json().path("errors").findValuesAsText("field")).contains(field);
        }
    }
}
