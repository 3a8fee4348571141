package io.traceloom.api.audit;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.lists;

import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The audit feed's and the audit log's cases for the shared suites (see {@link FeatureCases}): their hostile inputs
 * and their probes of tenant isolation.
 */
public final class AuditCases implements FeatureCases {

    public static final String AUDIT = "/audit/events";
    public static final String CHECKPOINT = "/audit/checkpoint";
    public static final String INCLUSION = "/audit/proofs/inclusion";
    public static final String CONSISTENCY = "/audit/proofs/consistency";

    @Override
    public String feature() {
        return "audit";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(auditFeed());
        cases.addAll(auditLog());
        return cases;
    }

    /** The tenant's feed: what selects events, and paging (an export is not paged). */
    static List<HostileRequest> auditFeed() {
        List<HostileRequest> cases = new ArrayList<>(List.of(
                get(AUDIT + "?from=yesterday").expect(400, "from"),
                get(AUDIT + "?from=2026-11-01").expect(400, "from"),
                get(AUDIT + "?to=2026-11-01T12:00:00").expect(400, "to"),
                get(AUDIT + "?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z").expect(400, "to"),
                get(AUDIT + "?from=2026-11-01T00:00:00Z&to=2026-11-01T00:00:00Z").expect(400, "to"),
                get(AUDIT + "?type=Trade%20Item").expect(400, "type"),
                get(AUDIT + "?type=io.traceloom.kernel.tradeitem.TradeItemCreated").expect(400, "type"),
                get(AUDIT + "?type=" + "T".repeat(101)).expect(400, "type"),
                get(AUDIT + "?type=%3Cscript%3E").expect(400, "type"),
                get(AUDIT + "?userId=" + "u".repeat(256)).expect(400, "userId"),
                get(AUDIT + "?from=").expect(400, "from"),
                get(AUDIT + "?from=2026-01-01T00:00:00Z&from=2026-01-02T00:00:00Z").expect(400, "from"),
                get(AUDIT + "?tenantId=3d0c6c4e-8a51-4f0e-9b7a-2f4e1c9d8b70").named("another tenant's feed")
                        .expect(400, "tenantId"),
                get(AUDIT + "?page=2").header("Accept: application/x-ndjson").named("an export is not paged")
                        .expect(400, "page"),
                get(AUDIT + "?from=yesterday").header("Accept: application/x-ndjson").expect(400, "from"),
                get(AUDIT).header("Accept: application/xml").expect(406),
                request("POST", AUDIT).header("Content-Type: application/json").body("{}").expect(405),
                request("DELETE", AUDIT).expect(405),
                get(AUDIT + "/" + UNKNOWN_ID).expect(404)));
        cases.addAll(pagingAbuse(AUDIT));
        cases.addAll(wrongMethods(AUDIT));
        return cases;
    }

    /**
     * The log's checkpoints and proofs: sizes and indexes that are no whole numbers, negative, beyond any log (the
     * log's size is whatever the tests wrote, so only what is wrong whatever it is), missing, or given twice.
     */
    static List<HostileRequest> auditLog() {
        String beyond = Long.toString(Long.MAX_VALUE);
        List<HostileRequest> cases = new ArrayList<>();
        for (String size : List.of("-1", "ten", "1.5", "1e3", "", " 1", "0x10", "+1", "01", "99999999999999999999")) {
            String encoded = size.replace(" ", "%20").replace("+", "%2B");
            cases.add(get(CHECKPOINT + "?treeSize=" + encoded).expect(400, "treeSize"));
            cases.add(get(INCLUSION + "?index=0&treeSize=" + encoded).expect(400, "treeSize"));
            cases.add(get(INCLUSION + "?index=" + encoded + "&treeSize=1").expect(400, "index"));
            cases.add(get(CONSISTENCY + "?from=" + encoded + "&to=1").expect(400, "from"));
            cases.add(get(CONSISTENCY + "?from=1&to=" + encoded).expect(400, "to"));
        }
        cases.addAll(List.of(
                get(CHECKPOINT + "?treeSize=" + beyond).named("beyond the log").expect(400, "treeSize"),
                get(CHECKPOINT + "?treeSize=1&treeSize=2").expect(400, "treeSize"),
                get(CHECKPOINT + "?size=1").expect(400, "size"),
                get(CHECKPOINT).header("Accept: application/xml").expect(406),
                get(INCLUSION).named("no index").expect(400, "index"),
                get(INCLUSION + "?treeSize=1").named("no index").expect(400, "index"),
                get(INCLUSION + "?index=0&treeSize=0").named("an empty tree has no leaf").expect(400, "treeSize"),
                get(INCLUSION + "?index=0&treeSize=" + beyond).named("beyond the log").expect(400, "treeSize"),
                get(INCLUSION + "?index=" + beyond + "&treeSize=" + beyond).expect(400, "treeSize"),
                get(INCLUSION + "?index=0&index=1&treeSize=1").expect(400, "index"),
                get(CONSISTENCY).named("no from").expect(400, "from"),
                get(CONSISTENCY + "?to=1").named("no from").expect(400, "from"),
                get(CONSISTENCY + "?from=0&to=1").named("from an empty tree").expect(400, "from"),
                get(CONSISTENCY + "?from=1&to=" + beyond).named("beyond the log").expect(400, "to"),
                get(CONSISTENCY + "?from=" + beyond + "&to=" + beyond).expect(400, "to"),
                get(CONSISTENCY + "?from=3&to=2").named("from after to").expect(400),
                get("/audit/proofs").expect(404),
                get(CHECKPOINT + "/1").expect(404)));
        for (String path : List.of(CHECKPOINT, INCLUSION, CONSISTENCY)) {
            cases.addAll(wrongMethods(path));
        }
        return cases;
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                // the feed before the probes below put the owner's commission identifier into the trying tenant's events
                lists("GET /audit/events", "/audit/events?limit=100"),
                lists("GET /audit/events", "/audit/events?from={since}&limit=100"),
                // its own log's checkpoints and proofs: none of the owner's roots or leaves, its own issuer
                lists("GET /audit/checkpoint", "/audit/checkpoint"),
                lists("GET /audit/checkpoint", "/audit/checkpoint?treeSize={mine.auditLogSize}"),
                lists("GET /audit/proofs/inclusion", "/audit/proofs/inclusion?index=0&treeSize={mine.auditLogSize}"),
                lists("GET /audit/proofs/consistency", "/audit/proofs/consistency?from=1&to={mine.auditLogSize}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        // the tenant's audit log once it shows all that the features before made (it follows the store by itself):
        // its size, and the root and first leaf of its tree, which are the owner's alone
        String instance = owned.get("instance");
        List<String> log = AuditFeeds.await(http, "", lines -> String.join("\n", lines).contains(instance));
        owned.put("auditLogSize", Integer.toString(log.size()));
        owned.put("auditLeaf", http.get("/audit/proofs/inclusion?index=0&treeSize=" + log.size()).json()
                .get("leafHash").asText());
        owned.put("auditRoot", http.get("/audit/checkpoint?treeSize=" + log.size()).json()
                .at("/credentialSubject/rootHash").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("auditLeaf", "auditRoot");
    }
}
