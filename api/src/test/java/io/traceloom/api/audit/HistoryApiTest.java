package io.traceloom.api.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Auditors' reads over real HTTP: every resource's history, every resource as it was at an instant, and the
 * tenant's feed, read from the event store. (Other tenants: {@code TenantBeforeAnythingTest}.)
 */
class HistoryApiTest {

    private static final String LOCAL_TENANT = "6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01";
    private static final String LOCAL_USER = "0b8e4f6a-2c1d-4e3f-8a9b-7c6d5e4f3a21";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Http http = SharedTraceloom.get().http();

    /**
     * One of every resource. As of the instant of its latest event, each reads exactly as it does now: the fold
     * that rebuilds it from its events is the one that built its read model. Just before its first event it
     * did not exist.
     */
    @Test
    void everyResourceAsOfItsLatestEventIsWhatItIsNow() {
        Map<String, String> resources = oneOfEach();

        for (String resource : resources.values()) {
            Response history = http.get(resource + "/history?limit=100");
            assertThat(history.status()).as(resource + ": " + history.body()).isEqualTo(200);
            JsonNode events = history.json();
            assertThat(events.size()).as(resource).isPositive();
            assertThat(history.header("X-Total-Count")).as(resource).isEqualTo(Integer.toString(events.size()));
            JsonNode last = events.get(events.size() - 1);
            assertThat(history.header("ETag")).as(resource).isEqualTo("\"" + last.get("sequence").asLong() + "\"");

            Response now = http.get(resource);
            Response then = http.get(resource + "?asOf=" + last.get("occurredAt").asText());
            assertThat(then.status()).as(resource + ": " + then.body()).isEqualTo(200);
            assertThat(then.json()).as(resource).isEqualTo(now.json());
            assertThat(then.header("ETag")).as(resource).isEqualTo(now.header("ETag"));

            Instant first = Instant.parse(events.get(0).get("occurredAt").asText());
            Response before = http.get(resource + "?asOf=" + first.minusNanos(1000));
            assertThat(before.status()).as(resource + " before it existed: " + before.body()).isEqualTo(404);
            assertThat(before.contentType()).startsWith("application/problem+json");
            assertThat(before.json().get("detail").asText()).contains("did not exist at");
        }
    }

    @Test
    void aHistoryHoldsTheEventsAsRecordedWithWhoAndWhichRequest() {
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("AUDIT"));
        String path = "/trade-item-tags/" + tag.get("id").asText();
        Response deleted = http.delete(path, "X-Request-Id", "audit-delete-1");
        assertThat(deleted.status()).isEqualTo(200);

        JsonNode events = http.get(path + "/history").json();

        assertThat(events).hasSize(2);
        JsonNode created = events.get(0);
        assertThat(Fixtures.fieldNames(created)).containsExactly("sequence", "type", "revision", "occurredAt",
                "tenantId", "userId", "requestId", "data");
        assertThat(created.get("type").asText()).isEqualTo("TradeItemTagCreated");
        assertThat(created.get("revision").asText()).isEqualTo("1");
        assertThat(created.get("tenantId").asText()).isEqualTo(LOCAL_TENANT);
        assertThat(created.get("userId").asText()).isEqualTo(LOCAL_USER);
        assertThat(created.get("requestId").asText()).isNotBlank();
        assertThat(created.get("data").get("code")).isEqualTo(tag.get("code"));
        assertThat(created.get("data").get("tagId")).isEqualTo(tag.get("id"));
        JsonNode deletion = events.get(1);
        assertThat(deletion.get("type").asText()).isEqualTo("TradeItemTagDeleted");
        assertThat(deletion.get("requestId").asText()).isEqualTo("audit-delete-1");
        assertThat(deletion.get("sequence").asLong()).as("the catalogue's sequence: the tag's own version")
                .isEqualTo(Long.parseLong(deleted.header("ETag").replace("\"", "")));
        assertThat(deletion.get("sequence").asLong()).isGreaterThan(created.get("sequence").asLong());
    }

    @Test
    void aResourceShowsAsItWasBeforeItsDeletionAndItsEmbeddedTagAsItWasThen() {
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("ASOF"));
        Response item = http.post("/trade-items", "{\"name\":\"Quinces\",\"tradeItemTag\":\""
                + tag.get("code").asText() + "\"}");
        String path = "/trade-items/" + item.json().get("id").asText();
        assertThat(http.delete("/trade-item-tags/" + tag.get("id").asText()).status()).isEqualTo(200);
        JsonNode tagged = http.get(path).json();
        assertThat(http.delete(path).status()).isEqualTo(204);

        JsonNode history = http.get(path + "/history").json();
        assertThat(history).extracting(event -> event.get("type").asText())
                .as("its own events, nothing of its tag's").containsExactly("TradeItemCreated", "TradeItemDeleted");
        String created = history.get(0).get("occurredAt").asText();
        Instant deletedAt = Instant.parse(history.get(1).get("occurredAt").asText());

        assertThat(http.get(path).status()).isEqualTo(404);
        assertThat(http.get(path + "?asOf=" + deletedAt).status()).as("deleted by then").isEqualTo(404);
        assertThat(http.get(path + "?asOf=" + deletedAt.minusNanos(1000)).json())
                .as("just before its deletion, its tag deleted already").isEqualTo(tagged);
        JsonNode atCreation = http.get(path + "?asOf=" + created).json();
        assertThat(atCreation.get("name").asText()).isEqualTo("Quinces");
        assertThat(atCreation.get("tradeItemTag").get("deleted").asBoolean()).isFalse();
        assertThat(atCreation.get("tradeItemTag").get("id")).isEqualTo(tag.get("id"));
    }

    @Test
    void historiesArePagedAndVersioned() {
        String id = UUID.randomUUID().toString();
        String path = "/schemas/" + id;
        for (String name : List.of("One", "Two", "Three")) {
            assertThat(http.put(path, "{\"name\":\"" + name + "\",\"schema\":{}}").status()).isIn(200, 201);
        }

        Response second = http.get(path + "/history?page=2&limit=1");

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).hasSize(1);
        assertThat(second.json().get(0).get("sequence").asLong()).isEqualTo(1);
        assertThat(second.json().get(0).get("data").get("name").asText()).isEqualTo("Two");
        assertThat(second.header("X-Total-Count")).isEqualTo("3");
        assertThat(second.header("ETag")).isEqualTo("\"2\"");
        assertThat(second.header("Link")).contains("page=1&limit=1>; rel=\"prev\"", "page=3&limit=1>; rel=\"next\"",
                "page=3&limit=1>; rel=\"last\"");
        assertThat(http.get(path + "/history", "If-None-Match", "\"2\"").status()).isEqualTo(304);
        assertThat(http.get(path + "/history?page=9").json()).isEmpty();
    }

    @Test
    void badInstantsAreRefusedAndUnknownResourcesHaveNoHistory() {
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("BAD"));
        String path = "/trade-item-tags/" + tag.get("id").asText();

        for (String asOf : List.of("yesterday", "2026-11-01", "2026-11-01T12:00:00", "2026-11-01T12:00:00%2B25:00",
                "1700000000", Instant.now().plusSeconds(3600).toString())) {
            Response refused = http.get(path + "?asOf=" + asOf);
            assertThat(refused.status()).as(asOf).isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.json().at("/errors/0/field").asText()).as(asOf).isEqualTo("asOf");
        }
        assertThat(http.get(path + "?asOf=" + Instant.now().minusSeconds(1) + "&asOf=" + Instant.now().minusSeconds(2))
                .status()).as("given twice").isEqualTo(400);
        assertThat(http.get(path + "?asOf=2026-01-01T12:00:00%2B02:00").status()).as("an offset").isIn(200, 404);
        assertThat(http.get(path + "/history?asOf=" + Instant.now()).status()).as("no asOf on a history")
                .isEqualTo(400);

        Response unknown = http.get("/trade-item-tags/" + UUID.randomUUID() + "/history");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.contentType()).startsWith("application/problem+json");
        assertThat(http.get("/link-sets/a:b/history").status()).as("an id no link set can have").isEqualTo(404);
        assertThat(http.get("/files/not-a-file/history").status()).isEqualTo(404);
        String item = http.post("/trade-items", "{\"name\":\"Sloes\"}").json().get("id").asText();
        for (String otherKind : List.of("/files/", "/credentials/", "/canvas-templates/", "/canvas-template-instances/")) {
            assertThat(http.get(otherKind + item + "/history").status()).as(otherKind + " named by an item's id")
                    .isEqualTo(404);
            assertThat(http.get(otherKind + item + "?asOf=" + Instant.now()).status()).as(otherKind).isEqualTo(404);
        }
        assertThat(http.get("/trade-items/trade-item-tags:" + LOCAL_TENANT + "/history").status())
                .as("the tag catalogue is no trade item").isEqualTo(404);
    }

    @Test
    void theFeedHoldsTheTenantsEventsInTheOrderOfTheLogAndExportsThemAsNdjson() {
        Instant since = Instant.now().minusMillis(1);
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("FEED"));
        String key = "feed-key-" + UUID.randomUUID();
        Response item = http.post("/trade-items", "{\"name\":\"Medlars\"}", "Idempotency-Key", key);
        assertThat(item.status()).isEqualTo(201);
        assertThat(http.post("/credentials/issue", "{}").status()).isEqualTo(201);
        AuditFeeds.await(http, "from=" + since, lines -> String.join("\n", lines).contains("\"CredentialIssued\""));

        Response page = http.get("/audit/events?from=" + since + "&limit=100");
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        page.json().forEach(events::add);
        assertThat(events).extracting(e -> e.get("type").asText())
                .containsSubsequence("TradeItemTagCreated", "TradeItemCreated", "CredentialIssued");
        assertThat(events).allSatisfy(e -> assertThat(e.get("tenantId").asText()).isEqualTo(LOCAL_TENANT));
        assertThat(page.body()).as("idempotency bookkeeping is not audited").doesNotContain(key)
                .doesNotContain("IdempotencyKeyClaimed").doesNotContain("IdempotentResponseRecorded");
        JsonNode created = events.stream().filter(e -> e.get("type").asText().equals("TradeItemTagCreated")
                && e.get("data").get("tagId").equals(tag.get("id"))).findFirst().orElseThrow();
        assertThat(Fixtures.fieldNames(created)).as("canonical: sorted").containsExactly("aggregateId",
                "aggregateType", "data", "index", "occurredAt", "requestId", "revision", "sequence", "tenantId", "type",
                "userId");
        assertThat(events).extracting(e -> e.get("index").asLong()).isSorted();
        assertThat(created.get("aggregateType").asText()).isEqualTo("TradeItemTagCatalogue");
        assertThat(created.get("aggregateId").asText()).isEqualTo("trade-item-tags:" + LOCAL_TENANT);
        assertThat(page.header("X-Total-Count")).as("pages are not counted").isNull();

        Response first = http.get("/audit/events?from=" + since + "&limit=1");
        assertThat(first.json()).hasSize(1);
        assertThat(first.json().get(0)).isEqualTo(events.get(0));
        assertThat(first.header("Link")).contains("rel=\"next\"").doesNotContain("rel=\"last\"");
        assertThat(http.get("/audit/events?from=" + since + "&limit=1&page=2").json().get(0))
                .isEqualTo(events.get(1));

        Response items = http.get("/audit/events?from=" + since + "&type=TradeItemCreated&userId=" + LOCAL_USER);
        assertThat(items.json()).isNotEmpty()
                .allSatisfy(e -> assertThat(e.get("type").asText()).isEqualTo("TradeItemCreated"));
        assertThat(http.get("/audit/events?from=" + since + "&userId=someone-else").json()).isEmpty();
        String until = events.get(1).get("occurredAt").asText();
        assertThat(http.get("/audit/events?from=" + since + "&to=" + until).json())
                .as("to is exclusive").containsExactly(events.get(0));

        Response export = http.get("/audit/events?from=" + since, "Accept", "application/x-ndjson");
        assertThat(export.status()).isEqualTo(200);
        assertThat(export.contentType()).startsWith("application/x-ndjson");
        List<JsonNode> lines = export.body().lines().map(HistoryApiTest::parse).toList();
        assertThat(lines).isEqualTo(events);
    }

    @Test
    void issuerKeyEventsCarryThePublicKeyOnly() {
        assertThat(http.post("/credentials/issue", "{}").status()).isEqualTo(201);

        List<JsonNode> keys = AuditFeeds.await(http, "type=IssuerKeyCreated", lines -> !lines.isEmpty()).stream()
                .map(HistoryApiTest::parse).toList();
        assertThat(keys).hasSize(1);
        JsonNode data = keys.get(0).get("data");
        assertThat(Fixtures.fieldNames(data)).containsExactlyInAnyOrder("tenantId", "did");
        assertThat(data.get("did").asText()).startsWith("did:key:z6Mk");
        assertThat(keys.get(0).get("aggregateType").asText()).isEqualTo("Issuer");
    }

    @Test
    void badFeedSelectionsAreRefused() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("from=yesterday", "from");
        cases.put("to=2026-01-01", "to");
        cases.put("from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "to");
        cases.put("type=Trade%20Item", "type");
        cases.put("userId=" + "u".repeat(256), "userId");
        cases.put("limit=101", "limit");
        cases.put("since=2026-01-01T00:00:00Z", "since");
        cases.forEach((query, field) -> {
            Response refused = http.get("/audit/events?" + query);
            assertThat(refused.status()).as(query).isEqualTo(400);
            assertThat(refused.json().at("/errors/0/field").asText()).as(query).isEqualTo(field);
        });
        Response paged = http.get("/audit/events?page=2", "Accept", "application/x-ndjson");
        assertThat(paged.status()).as("an export is not paged").isEqualTo(400);
        assertThat(paged.contentType()).startsWith("application/problem+json");
    }

    /**
     * A tag, an item tagged with it, a credential, a renamed file, a link set, a schema, a template using it, a
     * render, a deleted partner tag, a consumed custody commission, the local user. (Not the tenant's one theme: other tests of this shared application need it unset; themes are
     * {@code OrganizationThemeApiTest}'s, each for a tenant of its own.)
     */
    private Map<String, String> oneOfEach() {
        Map<String, String> paths = new LinkedHashMap<>();
        JsonNode tag = Fixtures.createTag(http, SharedTraceloom.unique("EACH"));
        paths.put("tag", "/trade-item-tags/" + tag.get("id").asText());
        Response item = http.post("/trade-items", "{\"name\":\"Each\",\"tradeItemTag\":\"" + tag.get("code").asText()
                + "\"}");
        paths.put("item", item.header("Location").replaceAll("^https?://[^/]+", ""));
        Response credential = http.post("/credentials/issue", "{}");
        paths.put("credential", credential.header("Location").replaceAll("^https?://[^/]+", ""));
        Response file = http.upload("/files", Multipart.file("each.png", "image/png", Samples.PNG));
        String fileId = file.json().get("id").asText();
        assertThat(http.send("PATCH", "/files/" + fileId, "application/json",
                java.net.http.HttpRequest.BodyPublishers.ofString("{\"key\":\"renamed.png\"}")).status()).isEqualTo(200);
        paths.put("file", "/files/" + fileId);
        String linkSet = UUID.randomUUID().toString();
        assertThat(http.put("/link-sets/" + linkSet, "{\"identifier\":\"01/" + Gs1Keys.gtin() + "\",\"links\":"
                + "[{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\",\"title\":\"P\"}]}").status())
                .isEqualTo(201);
        paths.put("linkSet", "/link-sets/" + linkSet);
        String schema = UUID.randomUUID().toString();
        assertThat(http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"properties\":{\"lot\":"
                + "{\"type\":\"string\"}}}}").status()).isEqualTo(201);
        paths.put("schema", "/schemas/" + schema);
        Response template = http.post("/canvas-templates", "{\"name\":\"Each\",\"template\":\"{{lot}}\","
                + "\"schemaId\":\"" + schema + "\"}");
        String templateId = template.json().get("id").asText();
        paths.put("template", "/canvas-templates/" + templateId);
        Response render = http.post("/canvas-templates/" + templateId + "/render", "{\"lot\":\"L1\"}");
        paths.put("render", "/canvas-template-instances/" + render.json().get("id").asText());
        JsonNode partnerTag = http.post("/partner-tags", "{\"code\":\"" + SharedTraceloom.unique("EACH")
                + "\",\"name\":\"Each\"}").json();
        String partnerTagPath = "/partner-tags/" + partnerTag.get("id").asText();
        assertThat(http.delete(partnerTagPath).status()).isEqualTo(200);
        paths.put("partnerTag", partnerTagPath);
        String identifier = SharedTraceloom.unique("EACH");
        Response commission = http.post("/custody-commissions", "{\"identifier\":\"" + identifier
                + "\",\"registeredConsumers\":[\"carrier\"]}");
        String commissionPath = "/custody-commissions/" + commission.json().get("id").asText();
        assertThat(http.put(commissionPath, "{\"registeredConsumers\":[\"carrier\",\"shop\"]}").status())
                .isEqualTo(200);
        assertThat(http.post("/custody-commissions/consume", "{\"identifier\":\"" + identifier
                + "\",\"consumedBy\":\"shop\"}").status()).isEqualTo(200);
        paths.put("commission", commissionPath);
        assertThat(http.post("/auth/tenant-users", "{}").status()).isIn(200, 201);
        paths.put("user", "/auth/tenant-users/" + LOCAL_USER);
        return paths;
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
