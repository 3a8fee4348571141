package io.traceloom.api.caller;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another tenant's id does not exist for the caller: every path that takes an id answers 404 for it, before
 * any other check (a version, a conflict, the body) could tell that it exists. The owner's resources stay as
 * they were.
 */
class TenantBeforeAnythingTest {

    private static final String OTHER_TENANT = "3d0c6c4e-8a51-4f0e-9b7a-2f4e1c9d8b70";

    /**
     * Every endpoint that addresses a resource by id, with the request that reaches its other error paths.
     * {@code ownerStatus} is what the owner gets for the same request (null: not tried, it would change
     * something); it shows that the probe does reach a check that could leak. A new endpoint is one line.
     */
    private static List<Probe> probes() {
        return List.of(
                new Probe("GET", "/trade-item-tags/{tag}", null, 200),
                new Probe("GET", "/trade-item-tags/{tag}", null, 304, "If-None-Match", "{tagETag}"),
                new Probe("DELETE", "/trade-item-tags/{tag}", null, null),
                new Probe("GET", "/trade-items/{item}", null, 200),
                new Probe("GET", "/trade-items/{item}", null, 304, "If-None-Match", "{itemETag}"),
                new Probe("DELETE", "/trade-items/{item}", null, 412, "If-Match", "\"5\""),
                new Probe("DELETE", "/trade-items/{item}", null, 412, "If-Match", "W/\"x\""),
                new Probe("DELETE", "/trade-items/{item}", null, null, "If-Match", "{itemETag}"),
                new Probe("DELETE", "/trade-items/{item}", null, null),
                new Probe("GET", "/credentials/{credential}", null, 200),
                new Probe("POST", "/credentials/{credential}/revoke", null, 201),
                new Probe("GET", "/files/{file}", null, 200),
                new Probe("GET", "/files/{file}", null, 304, "If-None-Match", "{fileETag}"),
                new Probe("GET", "/files/{file}/content", null, 200),
                new Probe("GET", "/files/{file}/content", null, 206, "Range", "bytes=0-1"),
                new Probe("GET", "/files/{file}/content", null, 416, "Range", "bytes=100000-"),
                new Probe("GET", "/files/{file}/content", null, 304, "If-None-Match", "{contentETag}"),
                new Probe("PATCH", "/files/{file}", "{\"key\":\"x.png\"}", 412, "If-Match", "\"9\""),
                new Probe("PATCH", "/files/{file}", "{\"key\":\"theirs.png\"}", null),
                new Probe("DELETE", "/files/{file}", null, 409),
                new Probe("DELETE", "/files/{file}", null, 412, "If-Match", "\"9\""),
                new Probe("GET", "/organization-themes/{theme}", null, 200),
                new Probe("GET", "/organization-themes/{theme}", null, 304, "If-None-Match", "{themeETag}"),
                new Probe("GET", "/link-sets/{linkSet}", null, 200),
                new Probe("GET", "/link-sets/{linkSet}", null, 304, "If-None-Match", "{linkSetETag}"),
                new Probe("DELETE", "/link-sets/{linkSet}", null, 412, "If-Match", "\"5\""),
                new Probe("DELETE", "/link-sets/{linkSet}", null, null, "If-Match", "{linkSetETag}"),
                new Probe("DELETE", "/link-sets/{linkSet}", null, null),
                new Probe("GET", "/schemas/{schema}", null, 200),
                new Probe("GET", "/schemas/{schema}", null, 304, "If-None-Match", "{schemaETag}"),
                new Probe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}", null),
                new Probe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{\"type\":\"strin\"}}", 400),
                new Probe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{\"$ref\":\"" + UNUSED_ID + "\"}}",
                        400),
                new Probe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}", 412, "If-Match", "\"9\""),
                new Probe("DELETE", "/schemas/{schema}", null, 409),
                new Probe("DELETE", "/schemas/{schema}", null, 412, "If-Match", "\"9\""),
                new Probe("POST", "/schemas/{schema}/validate", "{\"lot\":7}", 200),
                new Probe("GET", "/canvas-templates/{template}", null, 200),
                new Probe("GET", "/canvas-templates/{template}", null, 304, "If-None-Match", "{templateETag}"),
                new Probe("PUT", "/canvas-templates/{template}", "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}",
                        null),
                new Probe("PUT", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"{{#if}\",\"schema\":{}}", 400),
                new Probe("PUT", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{\"type\":\"strin\"}}", 400),
                new Probe("PUT", "/canvas-templates/{template}", "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}",
                        412, "If-Match", "\"9\""),
                new Probe("DELETE", "/canvas-templates/{template}", null, 412, "If-Match", "\"9\""),
                new Probe("DELETE", "/canvas-templates/{template}", null, null),
                new Probe("POST", "/canvas-templates/{template}/render", "{\"lot\":7}", 400),
                new Probe("POST", "/canvas-templates/{template}/render", "{\"lot\":\"L1\"}", null),
                new Probe("GET", "/canvas-template-instances/{instance}", null, 200),
                new Probe("GET", "/canvas-template-instances/{instance}", null, 304, "If-None-Match", "\"0\""),
                new Probe("GET", "/auth/tenant-users/{user}", null, 200),
                new Probe("GET", "/auth/tenant-users/{user}", null, 304, "If-None-Match", "{userETag}"),
                new Probe("DELETE", "/auth/tenant-users/{user}", null, 412, "If-Match", "\"9\""),
                new Probe("DELETE", "/auth/tenant-users/{user}", null, null),
                new Probe("GET", "/partner-tags/{partnerTag}", null, 200),
                new Probe("GET", "/partner-tags/{partnerTag}", null, 304, "If-None-Match", "{partnerTagETag}"),
                new Probe("DELETE", "/partner-tags/{partnerTag}", null, null),
                new Probe("GET", "/custody-commissions/{commission}", null, 200),
                new Probe("GET", "/custody-commissions/{commission}", null, 304, "If-None-Match", "{commissionETag}"),
                new Probe("PUT", "/custody-commissions/{commission}", "{\"registeredConsumers\":[\"theirs\"]}", 409),
                new Probe("PUT", "/custody-commissions/{openCommission}", "{\"registeredConsumers\":[\"a\",\"a\"]}", 400),
                new Probe("PUT", "/custody-commissions/{commission}", "{\"registeredConsumers\":[\"theirs\"]}", 412,
                        "If-Match", "\"9\""),
                new Probe("DELETE", "/custody-commissions/{commission}", null, 409),
                new Probe("DELETE", "/custody-commissions/{commission}", null, 412, "If-Match", "\"9\""),
                new Probe("DELETE", "/custody-commissions/{openCommission}", null, null),
                new Probe("POST", "/custody-commissions/consume",
                        "{\"identifier\":\"{openIdentifier}\",\"consumedBy\":\"stranger\"}", 400),
                new Probe("POST", "/custody-commissions/consume",
                        "{\"identifier\":\"{openIdentifier}\",\"consumedBy\":\"carrier\"}", null),

                new Probe("GET", "/trade-item-tags/{tag}/history", null, 200),
                new Probe("GET", "/trade-item-tags/{tag}?asOf={now}", null, 200),
                new Probe("GET", "/trade-items/{item}/history", null, 200),
                new Probe("GET", "/trade-items/{item}/history", null, 304, "If-None-Match", "\"0\""),
                new Probe("GET", "/trade-items/{item}?asOf={now}", null, 200),
                new Probe("GET", "/credentials/{credential}/history", null, 200),
                new Probe("GET", "/credentials/{credential}?asOf={now}", null, 200),
                new Probe("GET", "/files/{file}/history", null, 200),
                new Probe("GET", "/files/{file}?asOf={now}", null, 200),
                new Probe("GET", "/organization-themes/{theme}/history", null, 200),
                new Probe("GET", "/organization-themes/{theme}?asOf={now}", null, 200),
                new Probe("GET", "/organization-themes?asOf={now}", null, 200),
                new Probe("GET", "/link-sets/{linkSet}/history", null, 200),
                new Probe("GET", "/link-sets/{linkSet}?asOf={now}", null, 200),
                new Probe("GET", "/schemas/{schema}/history", null, 200),
                new Probe("GET", "/schemas/{schema}?asOf={now}", null, 200),
                new Probe("GET", "/canvas-templates/{template}/history", null, 200),
                new Probe("GET", "/canvas-templates/{template}?asOf={now}", null, 200),
                new Probe("GET", "/canvas-template-instances/{instance}/history", null, 200),
                new Probe("GET", "/canvas-template-instances/{instance}?asOf={now}", null, 200),
                new Probe("GET", "/partner-tags/{partnerTag}/history", null, 200),
                new Probe("GET", "/partner-tags/{partnerTag}?asOf={now}", null, 200),
                new Probe("GET", "/custody-commissions/{commission}/history", null, 200),
                new Probe("GET", "/custody-commissions/{commission}?asOf={now}", null, 200),
                new Probe("GET", "/auth/tenant-users/{user}/history", null, 200),
                new Probe("GET", "/auth/tenant-users/{user}?asOf={now}", null, 200));
    }

    /** A schema id nobody has. */
    private static final String UNUSED_ID = "5a1c0d7e-0000-4000-8000-0000000000ff";

    /** One request; {@code {name}} in the path and headers stands for the owner's ids and entity tags. */
    private record Probe(String method, String path, String body, Integer ownerStatus, String... headers) {

        Response send(Http http, Map<String, String> owned, String... extraHeaders) {
            List<String> all = new ArrayList<>(List.of(extraHeaders));
            for (String header : headers) {
                all.add(fill(header, owned));
            }
            return http.send(method, fill(path, owned), body == null ? null : "application/json",
                    body == null ? null : BodyPublishers.ofString(fill(body, owned)), all.toArray(String[]::new));
        }

        private static String fill(String text, Map<String, String> owned) {
            for (Map.Entry<String, String> entry : owned.entrySet()) {
                text = text.replace("{" + entry.getKey() + "}", entry.getValue());
            }
            return text;
        }

        @Override
        public String toString() {
            return method + " " + path + " " + String.join(" ", headers);
        }
    }

    @TempDir
    static Path dataDir;
    private static RunningTraceloom traceloom;
    private static Http http;

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
    void anotherTenantsIdsAreNotFoundBeforeAnyOtherCheck() {
        Map<String, String> owned = ownersResources();
        JsonNode before = Fixtures.everything(http);

        for (Probe probe : probes()) {
            Response response = probe.send(http, owned, actingFor(OTHER_TENANT));
            assertThat(response.status()).as(probe + ": " + response.body()).isEqualTo(404);
            assertThat(response.contentType()).as(probe.toString()).startsWith("application/problem+json");
        }

        assertThat(Fixtures.everything(http)).as("the owner's resources are untouched").isEqualTo(before);
        for (Probe probe : probes()) {
            if (probe.ownerStatus() != null) {
                assertThat(probe.send(http, owned).status()).as("as the owner: " + probe)
                        .isEqualTo(probe.ownerStatus());
            }
        }
    }

    /**
     * A schema's own document is public by its URL (credentials name it there): another tenant reads it too, as
     * anyone does. Its record is not.
     */
    @Test
    void aSchemaByItsUrlIsPublicItsRecordIsNot() {
        String id = java.util.UUID.randomUUID().toString();
        assertThat(http.put("/schemas/" + id, "{\"name\":\"Public\",\"schema\":{\"type\":\"string\"}}").status())
                .isEqualTo(201);

        Response document = http.get("/schemas/" + id, actingFor(OTHER_TENANT, "Accept", "application/schema+json"));

        assertThat(document.status()).isEqualTo(200);
        assertThat(document.json().get("type").asText()).isEqualTo("string");
        assertThat(http.get("/schemas/" + id, actingFor(OTHER_TENANT)).status()).isEqualTo(404);
    }

    /** The event store holds every tenant; the feed shows each only its own events, and all of them. */
    @Test
    void theAuditFeedShowsATenantItsOwnEventsOnly() {
        Map<String, String> owned = ownersResources();
        String since = owned.get("since");

        // the log follows the store by itself: the owner's export shows its last write a moment later
        String mine = String.join("\n", AuditFeeds.await(http, "from=" + since,
                lines -> String.join("\n", lines).contains(owned.get("template"))));
        String theirs = http.get("/audit/events?from=" + since, actingFor(OTHER_TENANT, "Accept",
                "application/x-ndjson")).body();
        String theirPage = http.get("/audit/events?from=" + since + "&limit=100", actingFor(OTHER_TENANT)).body();

        for (String id : List.of(owned.get("tag"), owned.get("item"), owned.get("file"), owned.get("linkSet"),
                owned.get("schema"), owned.get("template"))) {
            assertThat(mine).as("the owner's feed").contains(id);
            assertThat(theirs).as("another tenant's export").doesNotContain(id);
            assertThat(theirPage).as("another tenant's page").doesNotContain(id);
        }
        assertThat(theirs + theirPage).as("nothing of the owner").doesNotContain("6f1c2a9e-3d4b-4c8a-9e2f");
    }

    @Test
    void anIdempotencyKeyIsItsTenantsOwn() {
        String body = "{\"name\":\"Keyed\"}";
        String key = java.util.UUID.randomUUID().toString();
        Response mine = http.post("/trade-items", body, "Idempotency-Key", key);

        Response theirs = http.post("/trade-items", body, actingFor(OTHER_TENANT, "Idempotency-Key", key));

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.header("Idempotent-Replayed")).as("not the other tenant's answer").isNull();
        assertThat(theirs.header("Location")).isNotEqualTo(mine.header("Location"));
    }

    /**
     * A link set's id is its tenant's own: another tenant putting the same id makes a link set of its own, and
     * cannot name the owner's version. (A PUT is not a probe: for another tenant it creates, it does not find.)
     */
    @Test
    void aLinkSetIdIsItsTenantsOwn() {
        String id = java.util.UUID.randomUUID().toString();
        String mine = "{\"identifier\":\"01/" + Gs1Keys.gtin() + "\",\"links\":[" + PIP + "]}";
        Response created = http.put("/link-sets/" + id, mine);
        assertThat(created.status()).isEqualTo(201);

        Response theirIfMatch = http.put("/link-sets/" + id, "{\"identifier\":\"01/" + Gs1Keys.gtin()
                + "\",\"links\":[" + PIP + "]}", actingFor(OTHER_TENANT, "If-Match", created.header("ETag")));
        Response theirs = http.put("/link-sets/" + id, "{\"identifier\":\"01/" + Gs1Keys.gtin()
                + "\",\"links\":[" + PIP + "]}", actingFor(OTHER_TENANT));

        assertThat(theirIfMatch.status()).as(theirIfMatch.body()).isEqualTo(412);
        assertThat(theirs.status()).as(theirs.body()).isEqualTo(201);
        assertThat(http.get("/link-sets/" + id).json()).isEqualTo(created.json());
        assertThat(http.get("/link-sets/" + id, actingFor(OTHER_TENANT)).json()).isEqualTo(theirs.json());
    }

    /**
     * A GS1 Digital Link key is the whole service's, as the public resolver answers for it: another tenant's
     * link set cannot take it, and learns only that it is taken, nothing of whose.
     */
    @Test
    void aGs1KeyIsTakenForEveryTenantAndTheAnswerSaysNothingMore() {
        String key = "01/" + Gs1Keys.gtin();
        String mine = java.util.UUID.randomUUID().toString();
        assertThat(http.put("/link-sets/" + mine, "{\"identifier\":\"" + key + "\",\"qualifier\":\"10/A\","
                + "\"links\":[" + PIP + "]}").status()).isEqualTo(201);

        Response taken = http.put("/link-sets/" + java.util.UUID.randomUUID(), "{\"identifier\":\"" + key
                + "\",\"qualifier\":\"10/A\",\"links\":[" + PIP + "]}", actingFor(OTHER_TENANT));

        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.contentType()).startsWith("application/problem+json");
        assertThat(taken.json().get("detail").asText()).isEqualTo("The GS1 Digital Link key " + key
                + "/10/A is taken.");
        assertThat(taken.body()).doesNotContain(mine);
        assertThat(http.put("/link-sets/" + java.util.UUID.randomUUID(), "{\"identifier\":\"" + key
                + "\",\"links\":[" + PIP + "]}", actingFor(OTHER_TENANT)).status()).as("another level is free")
                .isEqualTo(201);
    }

    private static final String PIP = "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\","
            + "\"title\":\"Product\"}";

    /**
     * A tag, an item tagged with it, a credential, a file that is the icon of the tenant's theme, a link set, a
     * partner tag, a consumed custody commission and an open one: the ids and entity tags the probes use, when
     * they were made ({@code since}) and an instant after ({@code now}).
     */
    private static Map<String, String> ownersResources() {
        String since = java.time.Instant.now().minusMillis(1).toString();
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("MINE"));
        Response item = http.post("/trade-items",
                "{\"name\":\"Mine\",\"tradeItemTag\":\"" + tag.get("code").asText() + "\"}");
        assertThat(item.status()).isEqualTo(201);
        Response credential = http.post("/credentials/issue", "{}");
        assertThat(credential.status()).isEqualTo(201);
        String credentialId = credential.header("Location").replaceAll(".*/", "");
        String tagId = tag.get("id").asText();
        Response file = http.upload("/files", Multipart.file("logo.png", "image/png", Samples.PNG));
        assertThat(file.status()).isEqualTo(201);
        String fileId = file.json().get("id").asText();
        Response theme = http.post("/organization-themes", "{\"color\":\"#123456\",\"icon\":\"" + fileId + "\"}");
        assertThat(theme.status()).isEqualTo(200);
        String linkSetId = java.util.UUID.randomUUID().toString();
        Response linkSet = http.put("/link-sets/" + linkSetId, "{\"identifier\":\"01/" + Gs1Keys.gtin()
                + "\",\"links\":[" + PIP + "]}");
        assertThat(linkSet.status()).isEqualTo(201);
        String schemaId = java.util.UUID.randomUUID().toString();
        Response schema = http.put("/schemas/" + schemaId, "{\"name\":\"Lot\",\"schema\":{\"properties\":"
                + "{\"lot\":{\"type\":\"string\"}}}}");
        assertThat(schema.status()).isEqualTo(201);
        Response template = http.post("/canvas-templates", "{\"name\":\"Label\",\"template\":\"{{lot}}\","
                + "\"schemaId\":\"" + schemaId + "\"}");
        assertThat(template.status()).as(template.body()).isEqualTo(201);
        String templateId = template.json().get("id").asText();
        Response instance = http.post("/canvas-templates/" + templateId + "/render", "{\"lot\":\"L1\"}");
        assertThat(instance.status()).isEqualTo(201);
        // the owner registers once; the resources are made anew for every test that asks for them
        Response user = http.post("/auth/tenant-users", "{}");
        assertThat(user.status()).isIn(200, 201);
        Response partnerTag = http.post("/partner-tags", "{\"code\":\"" + SharedTraceloom.unique("MINE")
                + "\",\"name\":\"Mine\"}");
        assertThat(partnerTag.status()).isEqualTo(201);
        String consumedIdentifier = SharedTraceloom.unique("MINE-CONSUMED");
        Response commission = http.post("/custody-commissions",
                "{\"identifier\":\"" + consumedIdentifier + "\",\"registeredConsumers\":[\"carrier\"]}");
        assertThat(commission.status()).isEqualTo(201);
        Response consumed = http.post("/custody-commissions/consume",
                "{\"identifier\":\"" + consumedIdentifier + "\",\"consumedBy\":\"carrier\"}");
        assertThat(consumed.status()).isEqualTo(200);
        String openIdentifier = "MINE-OPEN-" + java.util.UUID.randomUUID();
        Response open = http.post("/custody-commissions",
                "{\"identifier\":\"" + openIdentifier + "\",\"registeredConsumers\":[\"carrier\"]}");
        assertThat(open.status()).isEqualTo(201);
        return Map.ofEntries(Map.entry("tag", tagId),
                Map.entry("partnerTag", partnerTag.json().get("id").asText()),
                Map.entry("partnerTagETag", partnerTag.header("ETag")),
                Map.entry("commission", consumed.json().get("id").asText()),
                Map.entry("commissionETag", consumed.header("ETag")),
                Map.entry("openCommission", open.json().get("id").asText()),
                Map.entry("openIdentifier", openIdentifier),
                Map.entry("tagETag", http.get("/trade-item-tags/" + tagId).header("ETag")),
                Map.entry("item", item.json().get("id").asText()), Map.entry("itemETag", item.header("ETag")),
                Map.entry("credential", credentialId),
                Map.entry("file", fileId), Map.entry("fileETag", http.get("/files/" + fileId).header("ETag")),
                Map.entry("contentETag", http.getBytes("/files/" + fileId + "/content").header("ETag")),
                Map.entry("theme", theme.json().get("id").asText()), Map.entry("themeETag", theme.header("ETag")),
                Map.entry("linkSet", linkSetId), Map.entry("linkSetETag", linkSet.header("ETag")),
                Map.entry("schema", schemaId), Map.entry("schemaETag", schema.header("ETag")),
                Map.entry("template", templateId), Map.entry("templateETag", template.header("ETag")),
                Map.entry("instance", instance.json().get("id").asText()),
                Map.entry("user", user.json().get("id").asText()), Map.entry("userETag", user.header("ETag")),
                Map.entry("since", since), Map.entry("now", java.time.Instant.now().toString()));
    }
}
