package io.traceloom.api.caller;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Features;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.OtherTenants;
import io.traceloom.api.support.RunningTraceloom;
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
     * Every endpoint that addresses a resource by id, with the request that reaches its other error paths: each
     * feature's {@link FeatureCases#byIdProbes()}. A new endpoint is one line there.
     */
    private static List<ByIdProbe> probes() {
        List<ByIdProbe> probes = new ArrayList<>();
        Features.ALL.forEach(feature -> probes.addAll(feature.byIdProbes()));
        return probes;
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

        for (ByIdProbe probe : probes()) {
            Response response = probe.send(http, owned, actingFor(OTHER_TENANT));
            assertThat(response.status()).as(probe + ": " + response.body()).isEqualTo(404);
            assertThat(response.contentType()).as(probe.toString()).startsWith("application/problem+json");
        }

        assertThat(Fixtures.everything(http)).as("the owner's resources are untouched").isEqualTo(before);
        for (ByIdProbe probe : probes()) {
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
     * One of each feature's resources ({@link FeatureCases#ownForProbes}: a tag, an item tagged with it, a
     * credential, a file that is the icon of the tenant's theme, a link set, a partner tag, a consumed custody
     * commission and an open one, ...): the ids and entity tags the probes use, when they were made
     * ({@code since}) and an instant after ({@code now}).
     */
    private static Map<String, String> ownersResources() {
        Map<String, String> owned = new java.util.LinkedHashMap<>();
        owned.put("since", java.time.Instant.now().minusMillis(1).toString());
        Features.ALL.forEach(feature -> feature.ownForProbes(http, owned));
        owned.put("now", java.time.Instant.now().toString());
        return owned;
    }
}
