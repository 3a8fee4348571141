package io.traceloom.api;

import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.put;
import static io.traceloom.api.support.HostileRequest.request;

import io.traceloom.api.support.HostileRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The hostile-input corpus: malformed, oversized, mistyped and hostile requests, each with the 4xx it must
 * get. {@link HostileInputCorpusTest} sends every one and checks that it is answered as problem+json and
 * that nothing was stored.
 *
 * <p>A new endpoint adds its cases here: a method of its own listed in {@link #all()}, the generic
 * families that apply to it ({@link #malformedBodies}, {@link #pathTricks}, {@link #pagingAbuse},
 * {@link #wrongMethods}), and one line per case of its own, e.g.
 * {@code json(TAGS, "{\"code\":42}").expect(400, "code")}.
 */
final class HostileInputs {

    static final String TAGS = "/trade-item-tags";
    static final String ITEMS = "/trade-items";
    static final String ISSUE = "/credentials/issue";
    static final String VERIFY = "/credentials/verify";
    static final String CREDENTIALS = "/credentials";
    static final String CONTEXT = "/contexts/traceloom/v1";
    static final String VC_ISSUE = "/vc-api/credentials/issue";
    static final String VC_VERIFY = "/vc-api/credentials/verify";
    static final String ISSUER = "/credentials/issuer";
    static final String STATUS_LISTS = "/credentials/status";
    static final String REVOKE = "/credentials/" + "5a1c0d7e-0000-4000-8000-000000000000" + "/revoke";
    static final String FILES = "/files";
    static final String THEMES = "/organization-themes";
    static final String LINK_SETS = "/link-sets";
    static final String LINK_SET = LINK_SETS + "/5a1c0d7e-0000-4000-8000-00000000001a";
    /** A GTIN no test gives a link set (GS1 company prefix 4012345, not the tests' 0950600). */
    static final String GTIN = "04012345000009";
    static final String RESOLVED = "/01/" + GTIN;
    static final String DESCRIPTION = "/.well-known/gs1resolver";
    static final String SCHEMAS = "/schemas";
    static final String TEMPLATES = "/canvas-templates";
    static final String INSTANCES = "/canvas-template-instances";
    static final String TENANT_USERS = "/auth/tenant-users";
    static final String TENANTS = "/admin/tenants";
    static final String PARTNER_TAGS = "/partner-tags";
    static final String PARTNER_TAG_SET = PARTNER_TAGS + "/set";
    static final String TAG_SET = TAGS + "/set";
    static final String CUSTODY = "/custody-commissions";
    static final String CONSUME = CUSTODY + "/consume";
    static final String AUDIT = "/audit/events";
    static final String CHECKPOINT = "/audit/checkpoint";
    static final String INCLUSION = "/audit/proofs/inclusion";
    static final String CONSISTENCY = "/audit/proofs/consistency";

    /** An id no resource has. */
    static final String UNKNOWN_ID = "5a1c0d7e-0000-4000-8000-000000000000";

    /** Just over the 1 MB body limit, and under Tomcat's 2 MB swallow limit, so the 413 is read whole. */
    private static final int OVER_BODY_LIMIT = 1024 * 1024 + 4096;

    private HostileInputs() {
    }

    static List<HostileRequest> all() {
        List<HostileRequest> cases = new ArrayList<>();
        cases.addAll(tradeItemTags());
        cases.addAll(tradeItems());
        cases.addAll(issueCredential());
        cases.addAll(verifyCredential(VERIFY));
        cases.addAll(verifyCredential(VC_VERIFY));
        cases.addAll(vcApiIssue());
        cases.addAll(credentialsAndContext());
        cases.addAll(statusAndRevocation());
        cases.addAll(linkSets());
        cases.addAll(resolver());
        cases.addAll(theWire());
        cases.addAll(files());
        cases.addAll(uploads());
        cases.addAll(themes());
        cases.addAll(schemas());
        cases.addAll(canvasTemplates());
        cases.addAll(tenantUsers());
        cases.addAll(tenants());
        cases.addAll(partnerTags());
        cases.addAll(tagSets(PARTNER_TAG_SET));
        cases.addAll(tagSets(TAG_SET));
        cases.addAll(custodyCommissions());
        cases.addAll(histories());
        cases.addAll(auditFeed());
        cases.addAll(schemaEngine());
        cases.addAll(numbersBeyondWhatIsKept());
        cases.addAll(edges());
        cases.addAll(auditLog());
        for (String path : List.of(TAGS, ITEMS, ISSUE, VERIFY, VC_ISSUE, VC_VERIFY, THEMES, SCHEMAS, TEMPLATES,
                TENANT_USERS, PARTNER_TAGS, CUSTODY, CONSUME)) {
            cases.addAll(malformedBodies(path));
        }
        malformedBodies(CUSTODY + "/" + UNKNOWN_ID).forEach(post -> cases.add(post.sentAs("PUT")));
        // A set's body is an array: an empty one is a set (of nothing), and an object is refused as a whole.
        for (String set : List.of(PARTNER_TAG_SET, TAG_SET)) {
            cases.addAll(malformedBodies(set).stream()
                    .filter(c -> !List.of("[]", "{\"x\":1}").contains(new String(c.body(), StandardCharsets.UTF_8)))
                    .toList());
        }
        malformedBodies(LINK_SET).forEach(post -> cases.add(post.sentAs("PUT")));
        for (String path : List.of(SCHEMAS + "/" + UNKNOWN_ID, TEMPLATES + "/" + UNKNOWN_ID, TENANTS + "/hostile")) {
            cases.addAll(malformedBodies(path).stream().map(HostileInputs::asPut).toList());
        }
        // Any JSON value is a document to validate, and any object variables: the rest must still be refused.
        cases.addAll(malformedBodies(SCHEMAS + "/" + UNKNOWN_ID + "/validate").stream()
                .filter(c -> !READABLE_VALUES.contains(new String(c.body(), StandardCharsets.UTF_8))).toList());
        cases.addAll(malformedBodies(TEMPLATES + "/" + UNKNOWN_ID + "/render").stream()
                .filter(c -> !new String(c.body(), StandardCharsets.UTF_8).equals("{\"x\":1}")).toList());
        cases.addAll(pagingAbuse(TAGS));
        cases.addAll(pagingAbuse(ITEMS));
        cases.addAll(pagingAbuse(CREDENTIALS));
        cases.addAll(pagingAbuse(FILES));
        cases.addAll(pagingAbuse(LINK_SETS));
        cases.addAll(pagingAbuse(SCHEMAS));
        cases.addAll(pagingAbuse(TEMPLATES));
        cases.addAll(pagingAbuse(TENANT_USERS));
        cases.addAll(pagingAbuse(TENANTS));
        cases.addAll(pagingAbuse(PARTNER_TAGS));
        cases.addAll(pagingAbuse(CUSTODY));
        for (String collection : List.of(TAGS, ITEMS, CREDENTIALS, FILES, THEMES, LINK_SETS, SCHEMAS, TEMPLATES,
                INSTANCES, TENANT_USERS, TENANTS, PARTNER_TAGS, CUSTODY)) {
            cases.addAll(pathTricks(collection));
        }
        cases.addAll(pathTricks(STATUS_LISTS));
        for (String path : List.of(TAGS, TAGS + "/" + UNKNOWN_ID, ITEMS, ITEMS + "/" + UNKNOWN_ID, ISSUE, VERIFY,
                CREDENTIALS + "/" + UNKNOWN_ID, CREDENTIALS, VC_ISSUE, VC_VERIFY, ISSUER, REVOKE,
                STATUS_LISTS + "/" + UNKNOWN_ID, CONTEXT, FILES, THEMES, THEMES + "/" + UNKNOWN_ID, LINK_SETS, RESOLVED,
                RESOLVED + "/10/LOT1", DESCRIPTION, SCHEMAS, SCHEMAS + "/" + UNKNOWN_ID + "/validate", TEMPLATES,
                TEMPLATES + "/" + UNKNOWN_ID + "/render", INSTANCES + "/" + UNKNOWN_ID, TENANT_USERS,
                TENANT_USERS + "/" + UNKNOWN_ID, TENANTS, TENANTS + "/hostile/disable", TENANTS + "/hostile/enable",
                PARTNER_TAGS, PARTNER_TAGS + "/" + UNKNOWN_ID, PARTNER_TAG_SET, TAG_SET, CUSTODY)) {
            cases.addAll(wrongMethods(path));
        }
        for (String path : List.of(CUSTODY + "/" + UNKNOWN_ID, CONSUME)) {
            cases.add(request("PATCH", path).header("Content-Type: application/json").body("{}").expect(405));
            cases.add(request("TRACE", path).expect(405));
        }
        cases.add(request("POST", CUSTODY + "/" + UNKNOWN_ID).header("Content-Type: application/json").body("{}")
                .expect(405));
        for (String path : List.of(SCHEMAS + "/" + UNKNOWN_ID, TEMPLATES + "/" + UNKNOWN_ID)) {
            cases.add(request("PATCH", path).header("Content-Type: application/json").body("{}").expect(405));
            cases.add(request("POST", path).header("Content-Type: application/json").body("{}").expect(405));
            cases.add(request("TRACE", path).expect(405));
        }
        return cases;
    }

    /** A schema whose counts are beyond 2^31: {@link #given()} stores it. */
    static final String HUGE_COUNTS = "5a1c0d7e-0000-4000-8000-0000000024c1";
    /** A schema whose pattern overflows the JDK matcher's stack on a long value: {@link #given()} stores it. */
    static final String STACK_PATTERN = "5a1c0d7e-0000-4000-8000-0000000024c2";

    /**
     * What some cases need stored before they are sent, by path, each a PUT's body: putting it again changes
     * nothing, so the corpus may be sent any number of times.
     */
    static java.util.Map<String, String> given() {
        String largest = "2147483648";
        return java.util.Map.of(
                SCHEMAS + "/" + HUGE_COUNTS, schema("{\"properties\":{"
                        + "\"code\":{\"minLength\":" + largest + "},\"codes\":{\"minItems\":" + largest + "},"
                        + "\"entries\":{\"minProperties\":" + largest + "},"
                        + "\"tags\":{\"contains\":{\"type\":\"string\"},\"minContains\":" + largest + "},"
                        + "\"note\":{\"maxLength\":" + largest + "},\"notes\":{\"maxItems\":" + largest + "},"
                        + "\"map\":{\"maxProperties\":" + largest + "},"
                        + "\"words\":{\"contains\":{\"type\":\"string\"},\"maxContains\":" + largest + "}}}"),
                SCHEMAS + "/" + STACK_PATTERN, schema("{\"properties\":{\"code\":{\"pattern\":\"^(a|b)*$\"}}}"));
    }

    /**
     * The schema engine's edges (issue 24): a minimum beyond 2^31 refuses (it wrapped round to a negative one and
     * let a subject that breaks the schema be issued), while a maximum that large bounds nothing (each subject
     * here keeps within the maximums, which wrapped round to refuse everything); and a pattern whose matching
     * overflows the stack is a 400, said to be the pattern's doing.
     */
    static List<HostileRequest> schemaEngine() {
        String withinTheMaximums = "\"note\":\"abc\",\"notes\":[\"a\"],\"map\":{\"a\":\"b\"},\"words\":[\"a\"]";
        java.util.function.Function<String, String> issue = property -> "{\"schemaId\":\"" + HUGE_COUNTS
                + "\",\"credentialSubject\":{\"id\":\"urn:x:huge\"," + withinTheMaximums + "," + property + "}}";
        return List.of(
                json(ISSUE, issue.apply("\"code\":\"abc\"")).named("a string shorter than a minLength of 2^31")
                        .expect(400, "credentialSubject/code"),
                json(ISSUE, issue.apply("\"codes\":[\"a\"]")).named("an array shorter than a minItems of 2^31")
                        .expect(400, "credentialSubject/codes"),
                json(ISSUE, issue.apply("\"entries\":{\"a\":\"b\"}")).named("an object smaller than a minProperties of 2^31")
                        .expect(400, "credentialSubject/entries"),
                json(ISSUE, issue.apply("\"tags\":[\"a\"]")).named("fewer matches than a minContains of 2^31")
                        .expect(400, "credentialSubject/tags"),
                json(SCHEMAS + "/" + STACK_PATTERN + "/validate", "{\"code\":\"" + "ab".repeat(200_000) + "\"}")
                        .named("a value that overflows the stack of its pattern's matcher").expect(400));
    }

    /** Every resource read by id: its {@code asOf}, and its history. */
    static List<HostileRequest> histories() {
        List<HostileRequest> cases = new ArrayList<>();
        String later = java.time.Instant.now().plus(java.time.Duration.ofDays(1)).toString();
        for (String collection : List.of(TAGS, ITEMS, CREDENTIALS, FILES, THEMES, LINK_SETS, SCHEMAS, TEMPLATES,
                INSTANCES, PARTNER_TAGS, CUSTODY, TENANT_USERS)) {
            String one = collection + "/" + UNKNOWN_ID;
            for (String asOf : List.of("yesterday", "2026-11-01", "2026-11-01T12:00:00", "12:00:00Z", "1700000000",
                    "2026-13-01T12:00:00Z", "2026-02-30T12:00:00Z", "2026-11-01T12:00:00.1234567891Z",
                    "2026-11-01T12:00:00+02:00", "2026-11-01T12:00:00%2B25:00", "2026-11-01T12:00:00Z%00",
                    "%E2%80%AE2026-11-01T12:00:00Z", "+999999999-12-31T23:59:59Z", later, "9".repeat(5000))) {
                cases.add(get(one + "?asOf=" + asOf).expect(400, "asOf"));
            }
            cases.add(get(one + "?asOf=").expect(400, "asOf"));
            cases.add(get(one + "?asOf=2026-01-01T00:00:00Z&asOf=2026-01-02T00:00:00Z").expect(400, "asOf"));
            cases.add(get(one + "?asof=2026-01-01T00:00:00Z").expect(400, "asof"));
            cases.add(get(one + "?asOf=-999999999-01-01T00:00:00Z").named("long before anything").expect(404));
            cases.add(get(one + "/history").expect(404));
            cases.add(get(one + "/history?asOf=2026-01-01T00:00:00Z").expect(400, "asOf"));
            cases.addAll(pagingAbuse(one + "/history"));
            cases.addAll(wrongMethods(one + "/history"));
            cases.add(request("POST", one + "/history").header("Content-Type: application/json").body("{}")
                    .expect(405));
            cases.add(request("DELETE", one + "/history").expect(405));
        }
        cases.add(get(THEMES + "?asOf=tomorrow").expect(400, "asOf"));
        cases.add(get(THEMES + "?asOf=" + later).expect(400, "asOf"));
        cases.add(get(LINK_SETS + "/a:b/history").named("an id no link set can have").expect(404));
        cases.add(get(LINK_SETS + "/" + "x".repeat(300) + "/history").expect(404));
        cases.add(get(SCHEMAS + "/not-a-uuid/history").expect(404));
        cases.add(get(TENANT_USERS + "/a:b").named("an id no user can have").expect(404));
        cases.add(get(TENANT_USERS + "/a:b/history").named("an id no user can have").expect(404));
        cases.add(get(TENANT_USERS + "/a:b?asOf=2026-01-01T00:00:00Z").named("an id no user can have").expect(404));
        cases.add(request("DELETE", TENANT_USERS + "/a:b").named("an id no user can have").expect(404));
        cases.add(get(FILES + "/..%2F..%2Fetc%2Fpasswd/history").expect(400));
        cases.add(get(CREDENTIALS + "/urn:uuid:" + UNKNOWN_ID + "/history").expect(404));
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
     * Issue 24's edges: input that used to get a 500, or be taken where it should not. A credential whose
     * {@code did:key} is no Ed25519 key fails its verification naming the key (a whole proof, a 64-byte
     * signature, so that the key is what is checked). What answers would repeat in their headers (a host, a
     * query) is bounded.
     */
    static List<HostileRequest> edges() {
        List<HostileRequest> cases = new ArrayList<>();
        for (String path : List.of(VERIFY, VC_VERIFY)) {
            cases.add(json(path, signedBy("z6Mkeb4rtEhc8DUtvt5ehaVjdx3TLbQPpnTArkXhqfb1Mq75"))
                    .named("a did:key whose bytes are no point of Ed25519").failsVerification("proof"));
            cases.add(json(path, signedBy("z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj"))
                    .named("a did:key of Ed25519's identity point").failsVerification("proof"));
            cases.add(json(path, signedBy("z6MkeeyGXjRh23ycLaCdD5mBXsngbbyAXjZ5ScqbLru15dmR"))
                    .named("a did:key of a point outside the prime-order group").failsVerification("proof"));
            cases.add(json(path, signedBy("z6DtMnkmBcbzt3s7zq46m3HWh4Xtz1rS9Dp8pnkSnP46h9if"))
                    .named("a did:key of another multicodec").failsVerification("proof"));
            cases.add(json(path, signedBy("z2DQUyFHStG42FqbEhyM6LhkEqqV45NGGqKCwNxVWWu7Yzj"))
                    .named("a did:key of 31 bytes").failsVerification("proof"));
            cases.add(json(path, signedBy("z6Mk0OIl")).named("a did:key that is no base58").failsVerification("proof"));
        }
        cases.add(get(CREDENTIALS + "?subject=" + "s".repeat(4000)).named("a 4000 character subject").expect(400,
                "subject"));
        cases.add(get(CREDENTIALS + "?type=" + "t".repeat(4000)).named("a 4000 character type").expect(400, "type"));
        cases.add(get(CREDENTIALS + "?subject=" + "%E2%82%AC".repeat(400))
                .named("a subject whose Link would not fit").expect(414));
        for (String path : List.of(ITEMS, CREDENTIALS, RESOLVED, DESCRIPTION)) {
            cases.add(get(path).header("Host: " + "h".repeat(5000)).named("a 5000 character Host").expect(400, "Host"));
        }
        // a client's forwarded headers are not believed (no trusted proxy by default): answered as without them
        cases.add(get(RESOLVED + "?linkType=linkset").header("X-Forwarded-Proto: gopher")
                .header("X-Forwarded-Host: evil.example").named("a client's forwarded gopher scheme").expect(404));
        cases.add(get("/01/04012345000008").header("Forwarded: proto=gopher;host=evil.example")
                .named("a client's Forwarded gopher scheme").expect(400));
        // a Digital Link is read with its percent-encoding normalised: encoded digits are digits
        cases.add(get("/%30%31/" + GTIN + "/10/A%2FB").named("an encoded AI, a value holding an encoded slash")
                .expect(404));
        cases.add(get("/01/%30%34012345000008").named("an encoded GTIN with a wrong check digit").expect(400));
        // a body with an Idempotency-Key is fingerprinted by its meaning: what is refused stays refused
        cases.add(json(TAGS, "{ \"name\" : 42 ,\n \"code\" : \"X\" }").header("Idempotency-Key: edges-1")
                .expect(400, "name"));
        cases.add(json(TAGS, "{\"code\":\"A\",\"code\":\"B\",\"name\":\"n\"}").header("Idempotency-Key: edges-2")
                .expect(400));
        cases.add(json(TAGS, "{\"code\":\"A\",\"name\":\"n\"} {}").header("Idempotency-Key: edges-3").expect(400));
        // identifiers a client chooses are characters that show: no bidirectional override, no zero-width space
        for (String hidden : List.of("\\u202e", "\\u200b", "\\u2066", "\\ufeff", "\\uf8ff", "\\udb40\\udc41")) {
            cases.add(json(TAGS, "{\"code\":\"AB" + hidden + "CD\",\"name\":\"n\"}").expect(400, "code"));
            cases.add(json(PARTNER_TAGS, "{\"code\":\"AB" + hidden + "CD\",\"name\":\"n\"}").expect(400, "code"));
            cases.add(json(TAG_SET, "[{\"code\":\"AB" + hidden + "CD\",\"name\":\"n\"}]").expect(400, "[0].code"));
            cases.add(json(ITEMS, "{\"name\":\"n\",\"tradeItemTag\":\"AB" + hidden + "CD\"}").expect(400, "tradeItemTag"));
            cases.add(json(CUSTODY, "{\"identifier\":\"AB" + hidden + "CD\",\"registeredConsumers\":[\"c\"]}")
                    .expect(400, "identifier"));
            cases.add(json(CUSTODY, "{\"identifier\":\"edges\",\"registeredConsumers\":[\"c" + hidden + "\"]}")
                    .expect(400, "registeredConsumers[0]"));
            cases.add(json(CONSUME, "{\"identifier\":\"edges\",\"consumedBy\":\"c" + hidden + "\"}")
                    .expect(400, "consumedBy"));
        }
        return cases;
    }

    /** A credential with a whole proof by this key: a signature of 64 bytes (zeros), which is not the key's. */
    private static String signedBy(String key) {
        return "{\"verifiableCredential\":{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],"
                + "\"type\":[\"VerifiableCredential\"],\"issuer\":\"did:key:" + key + "\","
                + "\"credentialSubject\":{\"id\":\"urn:x:1\"},\"proof\":{\"type\":\"DataIntegrityProof\","
                + "\"cryptosuite\":\"eddsa-rdfc-2022\",\"created\":\"2025-01-01T00:00:00Z\","
                + "\"verificationMethod\":\"did:key:" + key + "#" + key + "\",\"proofPurpose\":\"assertionMethod\","
                + "\"proofValue\":\"z" + "1".repeat(64) + "\"}}}";
    }

    /** JSON values that are documents to validate, though no other endpoint reads them. */
    private static final List<String> READABLE_VALUES = List.of("null", "[]", "\"a string\"", "42", "true", "{\"x\":1}");

    private static HostileRequest asPut(HostileRequest post) {
        return new HostileRequest(post.name(), "PUT", post.target(), post.headers(), post.body(), post.status(),
                post.field());
    }

    private static HostileRequest put(String path, String body) {
        return request("PUT", path).header("Content-Type: application/json").body(body);
    }

    /** A schema body for POST /schemas. */
    private static String schema(String schema) {
        return "{\"name\":\"Hostile\",\"schema\":" + schema + "}";
    }

    static List<HostileRequest> schemas() {
        String one = SCHEMAS + "/" + UNKNOWN_ID;
        StringBuilder combinatorial = new StringBuilder("{\"$defs\":{");
        for (int i = 0; i < 60; i++) {
            combinatorial.append("\"d").append(i).append("\":{\"anyOf\":[{\"$ref\":\"#/$defs/d").append(i + 1)
                    .append("\"},{\"$ref\":\"#/$defs/d").append(i + 1).append("\"}]},");
        }
        combinatorial.append("\"d60\":false},\"$ref\":\"#/$defs/d0\"}");
        return List.of(
                json(SCHEMAS, "{}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"Order\"}").expect(400, "schema"),
                json(SCHEMAS, schema("null")).expect(400, "schema"),
                json(SCHEMAS, schema("\"{}\"")).expect(400, "schema"),
                json(SCHEMAS, schema("[]")).expect(400, "schema"),
                json(SCHEMAS, schema("true")).expect(400, "schema"),
                json(SCHEMAS, schema("42")).expect(400, "schema"),
                json(SCHEMAS, "{\"name\":\"\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"" + "N".repeat(201) + "\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"a\\nb\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":42,\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"Order\",\"schema\":{},\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(SCHEMAS, "{\"name\":\"Order\",\"schema\":{},\"version\":3}").expect(400, "version"),
                json(SCHEMAS, schema("{\"type\":\"strin\"}")).expect(400, "schema/type"),
                json(SCHEMAS, schema("{\"minLength\":-1}")).expect(400, "schema/minLength"),
                json(SCHEMAS, schema("{\"properties\":{\"a\":{\"required\":\"x\"}}}"))
                        .expect(400, "schema/properties/a/required"),
                json(SCHEMAS, schema("{\"$schema\":\"http://json-schema.org/draft-04/schema#\"}"))
                        .expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$schema\":\"https://evil.example/meta-schema\"}")).expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$schema\":\"file:///etc/passwd\"}")).expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$ref\":\"file:///etc/passwd\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"classpath:application.yml\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"http://169.254.169.254/latest/meta-data/\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"https://json-schema.org/draft/2020-12/../../application.yml\"}"))
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"jar:file:/app.jar!/application.yml\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"http://localhost:8080/schemas/" + UNKNOWN_ID + "\"}"))
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"" + UNKNOWN_ID + "\"}")).named("a $ref to no stored schema")
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$id\":\"file:///etc/\",\"$ref\":\"passwd\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"pattern\":\"(\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
                        + "\"$ref\":\"#/$defs/a\"}")).named("a $ref loop").expect(400, "schema"),
                json(SCHEMAS, schema(combinatorial.toString())).named("2^60 anyOf branches").expect(400, "schema"),
                json(SCHEMAS, schema("{\"description\":\"" + "d".repeat(300_000) + "\"}"))
                        .named("a 300 KB schema").expect(400, "schema"),
                json(SCHEMAS, schema("{\"items\":".repeat(70) + "{}" + "}".repeat(70) + "}"))
                        .named("a schema nested 70 deep").expect(400),
                put(one, schema("{}")).header("If-Match: \"0\"").named("If-Match on no schema").expect(412),
                put(one, schema("{}")).header("If-Match: *").named("If-Match * on no schema").expect(412),
                put(one, "{\"id\":\"" + UUID_OTHER + "\",\"name\":\"x\",\"schema\":{}}").expect(400, "id"),
                put(one, "{\"id\":7,\"name\":\"x\",\"schema\":{}}").expect(400, "id"),
                put(one, schema("{\"type\":\"strin\"}")).expect(400, "schema/type"),
                put(SCHEMAS + "/not-a-uuid", schema("{}")).expect(400, "id"),
                put(SCHEMAS + "/" + UNKNOWN_ID.toUpperCase(java.util.Locale.ROOT), schema("{}")).expect(400, "id"),
                put(SCHEMAS + "/" + UNKNOWN_ID + "%20", schema("{}")).expect(400),
                get(one).expect(404),
                get(one).header("Accept: application/schema+json").expect(404),
                get(one).header("Accept: application/xml").expect(406),
                get(SCHEMAS + "/not-a-uuid").expect(404),
                get(one + "?format=schema").expect(400, "format"),
                request("DELETE", one).expect(404),
                request("DELETE", one).header("If-Match: \"0\"").expect(404),
                json(one + "/validate", "{}").expect(404),
                json(one + "/validate", "null").expect(404),
                json(SCHEMAS + "/not-a-uuid/validate", "{}").expect(404),
                json(one + "/validate", "{\"a\":1,\"a\":2}").expect(400, "a"));
    }

    /** A template body for POST /canvas-templates, with an empty schema. */
    private static String template(String template) {
        return "{\"name\":\"Hostile\",\"template\":" + template + ",\"schema\":{}}";
    }

    static List<HostileRequest> canvasTemplates() {
        String one = TEMPLATES + "/" + UNKNOWN_ID;
        return List.of(
                json(TEMPLATES, "{}").expect(400, "name"),
                json(TEMPLATES, "{\"name\":\"Label\",\"schema\":{}}").expect(400, "template"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\"}").expect(400, "schema"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{},\"schemaId\":\""
                        + UNKNOWN_ID + "\"}").expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":\"" + UNKNOWN_ID + "\"}")
                        .expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":\"../schemas\"}")
                        .expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":42}").expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":[]}").expect(400, "schema"),
                json(TEMPLATES, template("42")).expect(400, "template"),
                json(TEMPLATES, template("[\"x\"]")).expect(400, "template"),
                json(TEMPLATES, template("\"\"")).expect(400, "template"),
                json(TEMPLATES, template("\"" + "t".repeat(65_537) + "\"")).named("a 65 537 character template")
                        .expect(400, "template"),
                json(TEMPLATES, template("\"x\\u0000\"")).expect(400, "template"),
                json(TEMPLATES, template("\"Hello {{#if x}}\\nno end\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{> /etc/passwd}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{embedded \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{precompile \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{i18n \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{i18nJs \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{log \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{#block \\\"x\\\"}}y{{/block}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"" + "{{#a}}".repeat(5000) + "{{/a}}".repeat(5000) + "\""))
                        .named("blocks nested 5000 deep").expect(400, "template"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{\"minLength\":-1}}")
                        .expect(400, "schema/minLength"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{\"$ref\":\"file:///etc/passwd\"}}")
                        .expect(400, "schema"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{},\"renderedOutput\":\"x\"}")
                        .expect(400, "renderedOutput"),
                put(one, template("\"x\"")).expect(404),
                put(one, template("\"x\"")).header("If-Match: \"0\"").expect(404),
                put(one, template("\"{{#if}\"")).named("a template that does not compile, of no template")
                        .expect(404),
                request("DELETE", one).expect(404),
                json(one + "/render", "{}").expect(404),
                json(one + "/render", "{\"lot\":\"L1\"}").expect(404),
                json(one + "/render", "[]").expect(400),
                json(one + "/render", "\"lot\"").expect(400),
                get(one + "/render").expect(405),
                get(INSTANCES).expect(404),
                get(INSTANCES + "/" + UNKNOWN_ID).expect(404));
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

    /** POST one partner tag: the rules of a trade item tag's (see {@link #tradeItemTags()}), the catalogue's. */
    static List<HostileRequest> partnerTags() {
        return List.of(
                json(PARTNER_TAGS, "{}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\"}").expect(400, "name"),
                json(PARTNER_TAGS, "{\"code\":42,\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\" ACME\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"" + "C".repeat(101) + "\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"AC\\nME\",\"name\":\"Acme\"}").expect(400, "code"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"\\u3000\"}").expect(400, "name"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"description\":\"" + "d".repeat(2001)
                        + "\"}").expect(400, "description"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"deleted\":true}").expect(400, "deleted"),
                json(PARTNER_TAGS, "{\"code\":\"ACME\",\"name\":\"Acme\",\"code\":\"X\"}").expect(400, "code"),
                get(PARTNER_TAGS + "?includeDeleted=yes").expect(400, "includeDeleted"),
                get(PARTNER_TAGS + "?includeDeleted").expect(400, "includeDeleted"),
                get(PARTNER_TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", PARTNER_TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", PARTNER_TAGS + "/" + UNKNOWN_ID + "?force=true").expect(400, "force"));
    }

    /** Sets of either catalogue: an array of tags, each element checked by its index; none changes anything. */
    static List<HostileRequest> tagSets(String set) {
        StringBuilder tooMany = new StringBuilder("[");
        for (int i = 0; i <= 10_000; i++) {
            tooMany.append(i == 0 ? "" : ",").append("{\"code\":\"C").append(i).append("\",\"name\":\"n\"}");
        }
        String ok = "{\"code\":\"OK\",\"name\":\"ok\"}";
        return List.of(
                json(set, "{\"code\":\"A\",\"name\":\"a\"}").named("an object, not an array").expect(400),
                json(set, "[" + ok + ",{\"code\":\"OK\",\"name\":\"again\"}]").expect(400, "[1].code"),
                json(set, "[" + ok + ",null]").expect(400, "[1]"),
                json(set, "[" + ok + ",\"B\"]").expect(400, "[1]"),
                json(set, "[" + ok + ",42]").expect(400, "[1]"),
                json(set, "[" + ok + ",[]]").expect(400, "[1]"),
                json(set, "[{\"name\":\"a\"}]").expect(400, "[0].code"),
                json(set, "[" + ok + ",{\"code\":\"B\"}]").expect(400, "[1].name"),
                json(set, "[{\"code\":\"\",\"name\":\"a\"}]").expect(400, "[0].code"),
                json(set, "[{\"code\":\"A \",\"name\":\"a\"}]").expect(400, "[0].code"),
                json(set, "[{\"code\":\"A\",\"name\":\"a\\u0000\"}]").expect(400, "[0].name"),
                json(set, "[{\"code\":{\"$ne\":null},\"name\":\"a\"}]").expect(400, "[0].code"),
                json(set, "[{\"code\":\"A\",\"name\":\"a\",\"id\":\"" + UNKNOWN_ID + "\"}]").expect(400, "[0].id"),
                json(set, "[{\"code\":\"A\",\"name\":\"a\",\"description\":\"" + "d".repeat(2001) + "\"}]")
                        .expect(400, "[0].description"),
                json(set, "[{\"code\":\"A\",\"name\":\"a\",\"code\":\"B\"}]").expect(400, "[0].code"),
                json(set, tooMany + "]").named("10 001 tags").expect(400, "(body)"),
                json(set + "?dryRun=true", "[" + ok + "]").expect(400, "dryRun"),
                json(set, "[" + ok + "]").header("Accept: application/xml").expect(406));
    }

    static List<HostileRequest> custodyCommissions() {
        String one = CUSTODY + "/" + UNKNOWN_ID;
        StringBuilder manyConsumers = new StringBuilder("[");
        for (int i = 0; i <= 1000; i++) {
            manyConsumers.append(i == 0 ? "" : ",").append("\"c").append(i).append('"');
        }
        String consumers = ",\"registeredConsumers\":[\"a\"]";
        return List.of(
                json(CUSTODY, "{}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\"}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"registeredConsumers\":[\"a\"]}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":42" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\" S\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\\nT\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"" + "S".repeat(501) + "\"" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":[\"S\"]" + consumers + "}").expect(400, "identifier"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[]}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":\"a\"}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":null}").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",\"\"]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",null]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",{}]}")
                        .expect(400, "registeredConsumers[1]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",\"b\",\"a\"]}")
                        .expect(400, "registeredConsumers[2]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":[\"" + "c".repeat(201) + "\"]}")
                        .expect(400, "registeredConsumers[0]"),
                json(CUSTODY, "{\"identifier\":\"S\",\"registeredConsumers\":" + manyConsumers + "]}")
                        .named("1001 consumers").expect(400, "registeredConsumers"),
                json(CUSTODY, "{\"identifier\":\"S\"" + consumers + ",\"consumedBy\":\"a\"}").expect(400, "consumedBy"),
                json(CUSTODY, "{\"identifier\":\"S\"" + consumers + ",\"id\":\"" + UNKNOWN_ID + "\"}")
                        .expect(400, "id"),
                json(CONSUME, "{}").expect(400, "identifier"),
                json(CONSUME, "{\"identifier\":\"S\"}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":\"\"}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":[\"a\"]}").expect(400, "consumedBy"),
                json(CONSUME, "{\"identifier\":{\"$ne\":null},\"consumedBy\":\"a\"}").expect(400, "identifier"),
                json(CONSUME, "{\"identifier\":\"NO-SUCH-" + UNKNOWN_ID + "\",\"consumedBy\":\"a\"}").expect(404),
                json(CONSUME, "{\"identifier\":\"S\",\"consumedBy\":\"a\",\"consumedAt\":\"2026-01-01T00:00:00Z\"}")
                        .expect(400, "consumedAt"),
                put(one, "{\"registeredConsumers\":[\"a\"]}").expect(404),
                put(one, "{\"registeredConsumers\":[\"a\"]}").header("If-Match: \"0\"").expect(404),
                put(one, "{\"registeredConsumers\":[]}").expect(400, "registeredConsumers"),
                put(one, "{\"registeredConsumers\":[\"a\"],\"identifier\":\"S\"}").expect(400, "identifier"),
                request("DELETE", one).expect(404),
                request("DELETE", one).header("If-Match: *").expect(404),
                get(CUSTODY + "?consumed=yes").expect(400, "consumed"),
                get(CUSTODY + "?consumed").expect(400, "consumed"),
                get(CUSTODY + "?consumed=true&consumed=false").expect(400, "consumed"),
                get(one + "?consumed=true").expect(400, "consumed"));
    }

    /** Another id no resource has. */
    private static final String UUID_OTHER = "5a1c0d7e-0000-4000-8000-000000000001";

    static List<HostileRequest> tradeItemTags() {
        return List.of(
                json(TAGS, "{}").expect(400, "code"),
                json(TAGS, "{\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\"}").expect(400, "name"),
                json(TAGS, "{\"code\":null,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":42,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":4.2,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":true,\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":[\"ORG\"],\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":{\"value\":\"ORG\"},\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":false}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":7}").expect(400, "description"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":[\"a\",\"b\"]}")
                        .expect(400, "description"),
                json(TAGS, "{\"code\":\"\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"   \",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\" ORG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\\u00a0\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\\t\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"\\u00a0\\u3000\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"\\u2003\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"" + "C".repeat(101) + "\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"" + "N".repeat(201) + "\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"" + "d".repeat(2001) + "\"}")
                        .expect(400, "description"),
                json(TAGS, "{\"code\":\"" + "C".repeat(100_000) + "\",\"name\":\"Organic\"}").named("a 100 000 character code")
                        .expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\nG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\rG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"OR\\u0000G\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\\u001b[31m\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\\u0085\"}").expect(400, "name"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"\\u0000\"}").expect(400, "description"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":\"\\udc00\"}").expect(400, "description"),
                json(TAGS, "{\"code\":\"\\ud800\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"code\":\"FT\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"tenantId\":\"other\"}").expect(400, "tenantId"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"deleted\":true}").expect(400, "deleted"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"Code\":\"X\"}").expect(400, "Code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"__proto__\":{}}").expect(400, "__proto__"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\",\"description\":" + "[".repeat(100)
                        + "]".repeat(100) + "}").named("description nested 100 deep").expect(400, "description"),
                json(TAGS + "?code=ORG", "{\"code\":\"ORG\",\"name\":\"Organic\"}").expect(400, "code"),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\"}").header("Accept: text/html").expect(406),
                json(TAGS, "{\"code\":\"ORG\",\"name\":\"Organic\"}").header("Accept: application/xml").expect(406),
                get(TAGS + "?includeDeleted=yes").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=1").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=TRUE").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted").expect(400, "includeDeleted"),
                get(TAGS + "?includeDeleted=true&includeDeleted=false").expect(400, "includeDeleted"),
                request("DELETE", TAGS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", TAGS + "/" + UNKNOWN_ID + "?force=true").expect(400, "force"));
    }

    static List<HostileRequest> tradeItems() {
        return List.of(
                json(ITEMS, "{}").expect(400, "name"),
                json(ITEMS, "{\"name\":null}").expect(400, "name"),
                json(ITEMS, "{\"name\":42}").expect(400, "name"),
                json(ITEMS, "{\"name\":[\"Apples\"]}").expect(400, "name"),
                json(ITEMS, "{\"name\":{}}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\" \\n \"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"" + "A".repeat(201) + "\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":[" + "\"x\",".repeat(50_000) + "\"x\"]}")
                        .named("name as an array of 50 000 strings").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\\u0007\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\\u2028\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":7}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":{\"code\":\"ORG\"}}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":[\"ORG\"]}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"\\u00a0\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"\\u3000\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"" + "T".repeat(101) + "\"}")
                        .expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"NO-SUCH-TAG-" + UNKNOWN_ID + "\"}")
                        .expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"ORG\\nFT\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":\"' OR '1'='1\"}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTag\":{\"$ne\":null}}").expect(400, "tradeItemTag"),
                json(ITEMS, "{\"name\":\"Apples\",\"tradeItemTags\":\"ORG\"}").expect(400, "tradeItemTags"),
                json(ITEMS, "{\"name\":\"Apples\",\"name\":\"Pears\"}").expect(400, "name"),
                json(ITEMS, "{\"name\":\"Apples\",\"version\":3}").expect(400, "version"),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).expect(404),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).header("If-Match: \"not-a-version\"").expect(404),
                request("DELETE", ITEMS + "/" + UNKNOWN_ID).header("If-Match: *").expect(404),
                get(ITEMS + "?includeDeleted=true").expect(400, "includeDeleted"),
                get(ITEMS + "/" + UNKNOWN_ID + "?limit=1").expect(400, "limit"));
    }

    /** Reading, renaming and deleting files that are not there, or not as asked. */
    static List<HostileRequest> files() {
        String file = FILES + "/" + UNKNOWN_ID;
        String content = file + "/content";
        return List.of(
                get(content).expect(404),
                get(content).header("Range: bytes=0-1").expect(404),
                get(content).header("If-None-Match: \"x\"").expect(404),
                get(content + "?download=true").expect(400, "download"),
                get(FILES + "/organization-theme:" + UNKNOWN_ID).expect(404),
                get(FILES + "/" + UNKNOWN_ID.toUpperCase(java.util.Locale.ROOT) + "/content").expect(404),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":\"x.png\"}").expect(404),
                request("PATCH", file).header("Content-Type: application/merge-patch+json").body("{\"key\":\"x.png\"}")
                        .expect(404),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":\"../x.png\"}")
                        .expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":\"x\\u202Egnp.exe\"}")
                        .expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":\"\"}").expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":null}").expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":7}").expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json")
                        .body("{\"key\":\"" + "k".repeat(256) + "\"}").expect(400, "key"),
                request("PATCH", file).header("Content-Type: application/json").body("{\"key\":\"a.png\",\"size\":1}")
                        .expect(400, "size"),
                request("PATCH", file).header("Content-Type: application/json").body("{").expect(400),
                request("PATCH", file).header("Content-Type: text/plain").body("a.png").expect(415),
                request("PATCH", file).header("Content-Type: application/json").header("If-Match: \"0\"")
                        .body("{\"key\":\"x.png\"}").expect(404),
                request("DELETE", file).expect(404),
                request("DELETE", file).header("If-Match: *").expect(404),
                request("DELETE", content).expect(405),
                request("POST", content).expect(405),
                request("PUT", content).header("Content-Type: application/json").body("{}").expect(405),
                request("TRACE", content).expect(405),
                request("POST", file).header("Content-Type: application/json").body("{}").expect(405),
                request("PUT", file).header("Content-Type: application/json").body("{}").expect(405),
                request("TRACE", file).expect(405));
    }

    /** Multipart bodies that are not one file, or not multipart at all. */
    static List<HostileRequest> uploads() {
        String png = "\u0089PNG\r\n\u001a\n";
        byte[] overLimit = new byte[10 * 1024 * 1024 + 1];
        java.util.Arrays.fill(overLimit, (byte) 'a');
        StringBuilder manyParts = new StringBuilder();
        for (int i = 0; i < 11; i++) {
            manyParts.append(part("p" + i, null, "x"));
        }
        return List.of(
                upload(part("upload", "a.png", png) + end()).expect(400, "file"),
                upload(part("file", null, png) + end()).named("a file part without a file name").expect(400, "file"),
                upload(part("file", "empty.png", "") + end()).named("an empty file").expect(400, "file"),
                upload(part("file", "a.png", png) + part("file", "b.png", png) + end()).expect(400, "file"),
                upload(part("file", "a.png", png) + part("name", null, "logo") + end()).expect(400, "name"),
                upload(end()).named("no parts at all").expect(400, "file"),
                upload("").named("an empty body").expect(400),
                upload("this is not multipart").named("a body without the boundary").expect(400),
                upload("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n"
                        + png).named("a part cut short").expect(400),
                upload("--" + BOUNDARY + "\r\n" + "X-Padding: " + "p".repeat(5000) + "\r\n"
                        + "Content-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n" + png + "\r\n"
                        + end()).named("a part's headers over 4 KB").expect(400),
                upload(manyParts + part("file", "a.png", png) + end()).named("twelve parts").expect(400),
                request("POST", FILES).header("Content-Type: multipart/form-data").body(part("file", "a.png", png) + end())
                        .named("multipart without a boundary").expect(400),
                upload(part("file", "a.png", png) + end()).header("Content-Encoding: gzip").expect(415),
                upload(part("file", "a.png", png) + end()).without("Content-Type").header("Content-Type: multipart/mixed; "
                        + "boundary=" + BOUNDARY).expect(415),
                json(FILES, "{\"file\":\"iVBORw0KGgo=\"}").expect(415),
                json(FILES, "x").without("Content-Type").header("Content-Type: text/plain").expect(415),
                json(FILES, "file=x").without("Content-Type").header("Content-Type: application/x-www-form-urlencoded")
                        .expect(415),
                request("POST", FILES).header("Content-Type: image/png").body(png).expect(415),
                request("POST", FILES).header("Content-Type: multipart/form-data; boundary=" + BOUNDARY)
                        .header("Content-Length: 20000000").header("Expect: 100-continue")
                        .named("20 MB announced, waiting for 100 Continue").expect(413),
                request("POST", FILES).header("Content-Type: multipart/form-data; boundary=" + BOUNDARY)
                        .body(withFile(overLimit)).chunked().named("a chunked file over 10 MB").expect(413),
                upload(part("file", "a.png", png) + end()).header("Idempotency-Key: ").expect(400, "Idempotency-Key"),
                request("POST", FILES + "?debug=1").header("Content-Type: multipart/form-data; boundary=" + BOUNDARY)
                        .body(part("file", "a.png", png) + end()).expect(400, "debug"));
    }

    private static final String BOUNDARY = "hostile-boundary";

    private static HostileRequest upload(String body) {
        return request("POST", FILES).header("Content-Type: multipart/form-data; boundary=" + BOUNDARY)
                .body(body.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String part(String name, String fileName, String content) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\""
                + (fileName == null ? "" : "; filename=\"" + fileName + "\"") + "\r\n\r\n" + content + "\r\n";
    }

    private static String end() {
        return "--" + BOUNDARY + "--\r\n";
    }

    private static byte[] withFile(byte[] bytes) {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        body.writeBytes(bytes);
        body.writeBytes(("\r\n" + end()).getBytes(StandardCharsets.ISO_8859_1));
        return body.toByteArray();
    }

    static List<HostileRequest> themes() {
        String icon = ",\"icon\":\"" + UNKNOWN_ID + "\"";
        List<HostileRequest> cases = new ArrayList<>();
        for (String color : List.of("\"red\"", "\"#12345\"", "\"#1234567\"", "\"#GGGGGG\"", "\"1A73E8\"", "\"\"",
                "\" #1A73E8\"", "\"#1A73E8 \"", "\"#1A73E8\\n\"", "\"rgb(26,115,232)\"", "\"#12\"", "\"\\uff03123456\"",
                "\"#1A73E8\\u0000\"", "42", "null", "true", "[\"#123456\"]", "{\"hex\":\"#123456\"}")) {
            cases.add(json(THEMES, "{\"color\":" + color + icon + "}").expect(400, "color"));
        }
        cases.addAll(List.of(
                json(THEMES, "{}").expect(400, "color"),
                json(THEMES, "{\"color\":\"#123456\"}").expect(400, "icon"),
                json(THEMES, "{\"icon\":\"" + UNKNOWN_ID + "\"}").expect(400, "color"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":null}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":42}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"logo.png\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"../files/" + UNKNOWN_ID + "\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"organization-theme:x\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"" + UNKNOWN_ID.toUpperCase(java.util.Locale.ROOT) + "\"}")
                        .expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":{\"id\":\"" + UNKNOWN_ID + "\"}}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + "}").named("an icon no file has").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + ",\"variables\":{}}").expect(400, "variables"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + ",\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(THEMES, "{\"color\":\"#123456\",\"color\":\"#654321\"" + icon + "}").expect(400, "color"),
                get(THEMES).expect(404),
                get(THEMES + "?page=1").expect(400, "page"),
                get(THEMES + "/" + UNKNOWN_ID + "?limit=1").expect(400, "limit"),
                request("DELETE", THEMES).expect(405)));
        return cases;
    }

    static List<HostileRequest> issueCredential() {
        String deepSubject = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        return List.of(
                json(ISSUE, "{\"type\":42}").expect(400, "type"),
                json(ISSUE, "{\"type\":{}}").expect(400, "type"),
                json(ISSUE, "{\"type\":[1,2]}").expect(400, "type"),
                json(ISSUE, "{\"type\":[\"\"]}").expect(400, "type"),
                json(ISSUE, "{\"type\":[[\"TraceabilityCredential\"]]}").expect(400, "type"),
                json(ISSUE, "{\"credentialSubject\":[]}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":\"me\"}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":7}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":" + deepSubject + "}").named("a subject nested 70 deep")
                        .expect(400),
                json(ISSUE, "{\"credentialSubject\":{\"lot\":1,\"lot\":2}}").expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"note\\u0000\":\"x\"}}").expect(400),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"bell\\u0007\"}}").expect(400, "credentialSubject.note"),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"\\udfff\"}}").expect(400, "credentialSubject.note"),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"" + "x".repeat(200_000) + "\"},\"proof\":{}}")
                        .named("a 200 000 character subject beside a proof").expect(400, "proof"),
                json(ISSUE, "{\"schemaId\":42}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":[\"" + UNKNOWN_ID + "\"]}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"" + UNKNOWN_ID + "\"}").named("a schema nobody stored").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"../../etc/passwd\"}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"" + "s".repeat(100_000) + "\"}").named("a 100 000 character schemaId")
                        .expect(400, "schemaId"),
                json(ISSUE, "{\"expirationDate\":12}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":1.5e9}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"tomorrow\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"2030-01-01\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"2000-01-01T00:00:00Z\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"+999999999-12-31T23:59:59Z\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":[]}").expect(400, "expirationDate"),
                json(ISSUE, "{\"@context\":\"https://www.w3.org/2018/credentials/v1\"}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[1]}").expect(400, "@context[0]"),
                json(ISSUE, "{\"@context\":[{\"@vocab\":\"https://evil.example/\"}]}").expect(400, "@context[0]"),
                json(ISSUE, "{\"@context\":[\"https://evil.example/context.jsonld\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[\"file:///etc/passwd\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[\"http://169.254.169.254/latest/meta-data/\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[" + "\"https://evil.example/c\",".repeat(20_000) + "\"x\"]}")
                        .named("20 000 unknown contexts").expect(400, "@context"),
                json(ISSUE, "{\"issuer\":\"did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH\"}")
                        .expect(400, "issuer"),
                json(ISSUE, "{\"id\":\"urn:uuid:" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(ISSUE, "{\"issuanceDate\":\"2020-01-01T00:00:00Z\"}").expect(400, "issuanceDate"),
                json(ISSUE, "{\"type\":\"VerifiableCredential\",\"type\":\"Other\"}").expect(400, "type"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"relative/iri\"}}").expect(400));
    }

    /**
     * Numbers are kept exactly, however large or precise (an integer past 64 bits is issued and read back as
     * sent); refused are those whose magnitude no digit limit bounds, and, in a credential, those its
     * signature would not cover (JSON-LD signs fractions and numbers from 10^21 as 16-digit xsd:doubles).
     */
    static List<HostileRequest> numbersBeyondWhatIsKept() {
        String schema = SCHEMAS + "/" + UNKNOWN_ID;
        String render = TEMPLATES + "/" + UNKNOWN_ID + "/render";
        return List.of(
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":0.1000000000000000000001}}")
                        .expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":12345678901234567890123}}")
                        .expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":1e400}}")
                        .expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":1e-400}}")
                        .expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":[1e-999999999]}}")
                        .expect(400, "credentialSubject.lot[0]"),
                put(schema, "{\"name\":\"x\",\"schema\":{\"multipleOf\":1e-999999999}}")
                        .expect(400, "schema.multipleOf"),
                put(schema, "{\"name\":\"x\",\"schema\":{\"maximum\":-1e1001}}").expect(400, "schema.maximum"),
                json(schema + "/validate", "1e999999999").expect(400, "(body)"),
                json(render, "{\"n\":1e-1001}").expect(400, "n"));
    }

    /** The spec's verify and the VC-API's take the same body. */
    static List<HostileRequest> verifyCredential(String path) {
        String deep = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        return List.of(
                json(path, "{\"verifiableCredential\":{},\"options\":{\"checks\":[\"proof\"]}}")
                        .expect(400, "options.checks"),
                json(path, "{\"verifiableCredential\":{},\"options\":{\"challenge\":1}}")
                        .expect(400, "options.challenge"),
                json(path, "{\"verifiableCredential\":{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],"
                        + "\"type\":[\"VerifiableCredential\"],\"proof\":[" + "{},".repeat(20) + "{}]}}")
                        .named("a credential of 21 proofs").expect(400, "verifiableCredential.proof"),
                json(path, "{}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":null}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":1}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":\"eyJhbGciOiJFZERTQSJ9.e30.sig\"}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":[]}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":{}}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":{\"type\":\"VerifiableCredential\"}}")
                        .expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":" + deep + "}").named("a credential nested 70 deep").expect(400),
                json(path, "{\"verifiableCredential\":{\"@context\":[],\"@context\":[],\"type\":[]}}")
                        .expect(400, "verifiableCredential.@context"),
                json(path, "{\"verifiableCredential\":{\"@context\":[\"\\u0000\"],\"type\":[]}}").expect(400),
                json(path, "{\"verifiableCredential\":{},\"options\":[]}").expect(400, "options"),
                json(path, "{\"verifiableCredential\":{},\"options\":\"all\"}").expect(400, "options"),
                json(path, "{\"credential\":{}}").expect(400, "credential"),
                json(path, "{\"verifiableCredential\":{},\"presentation\":{}}").expect(400, "presentation"));
    }

    static List<HostileRequest> credentialsAndContext() {
        return List.of(
                get(CREDENTIALS + "/" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/urn:uuid:" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/urn:uuid:").expect(404),
                get(CREDENTIALS + "/urn%3Auuid%3A" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/" + UNKNOWN_ID + "?format=jwt").expect(400, "format"),
                get(CREDENTIALS + "/" + UNKNOWN_ID).header("Accept: application/xml").expect(406),
                get(CREDENTIALS + "?status=gone").expect(400, "status"),
                get(CREDENTIALS + "?status=").expect(400, "status"),
                get(CREDENTIALS + "?status=active&status=revoked").expect(400, "status"),
                get(CREDENTIALS + "?type=").expect(400, "type"),
                get(CREDENTIALS + "?subject=").expect(400, "subject"),
                get(CREDENTIALS + "?type=a&type=b").expect(400, "type"),
                get(CONTEXT + "?version=2").expect(400, "version"),
                get("/contexts/traceloom/v2").expect(404),
                get("/contexts/traceloom/v1/").expect(404),
                get("/contexts/traceloom/v1.jsonld").expect(404),
                get("/contexts/../credentials/issue").named("a path with .. (not normalized: Spring Security's firewall)")
                        .expect(400),
                get(CONTEXT).header("Accept: text/html").expect(406));
    }

    static List<HostileRequest> vcApiIssue() {
        String deep = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        String v2 = "{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                + "\"credentialSubject\":{\"id\":\"urn:x:1\"}";
        return List.of(
                json(VC_ISSUE, "{}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":null}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":[]}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":\"eyJhbGciOiJFZERTQSJ9.e30.sig\"}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":{},\"credential\":{}}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":{}}").expect(400, "credential.@context"),
                json(VC_ISSUE, "{\"credential\":{\"@context\":\"https://example.org/v1\"}}").expect(400,
                        "credential.@context"),
                json(VC_ISSUE, "{\"credential\":{\"@context\":[{\"@vocab\":\"https://evil.example/\"}]}}").expect(400,
                        "credential.@context"),
                json(VC_ISSUE, "{\"credential\":" + v2 + "}}").expect(400, "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + v2 + ",\"issuer\":{\"name\":\"x\"}}}").expect(400,
                        "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + v2 + ",\"issuer\":"
                        + "\"did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH\"}}").expect(400, "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + deep + "}").named("a credential nested 70 deep").expect(400),
                json(VC_ISSUE, "{\"credential\":{},\"options\":[]}").expect(400, "options"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"type\":\"Ed25519Signature2018\"}}")
                        .expect(400, "options.type"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"created\":\"tomorrow\"}}")
                        .expect(400, "options.created"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"previousProof\":1}}")
                        .expect(400, "options.previousProof"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"previousProof\":[\"\"]}}")
                        .expect(400, "options.previousProof"),
                json(VC_ISSUE, "{\"credential\":{},\"verifiableCredential\":{}}").expect(400, "verifiableCredential"));
    }

    /** Status lists are public and read-only; revocation takes no body. */
    static List<HostileRequest> statusAndRevocation() {
        return List.of(
                get(STATUS_LISTS + "/" + UNKNOWN_ID).expect(404),
                get(STATUS_LISTS).expect(404),
                get(STATUS_LISTS + "/" + UNKNOWN_ID + "?format=jwt").expect(400, "format"),
                get(ISSUER + "?did=other").expect(400, "did"),
                request("POST", REVOKE).expect(404),
                request("POST", "/credentials/issuer:local/revoke").expect(404),
                request("POST", "/credentials/status-lists:local/revoke").expect(404),
                request("POST", "/credentials/urn:uuid:" + UNKNOWN_ID + "/revoke").expect(404),
                request("POST", REVOKE + "?reason=lost").expect(400, "reason"),
                request("GET", REVOKE).expect(405),
                request("POST", ISSUER).expect(405));
    }

    static List<HostileRequest> linkSets() {
        String pip = "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\",\"title\":\"Product\"}";
        String valid = "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + pip + "]}";
        return List.of(
                put(LINK_SET, "{}").expect(400, "identifier"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\"}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[]}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":null}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":{}}").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + pip + ",null]}")
                        .expect(400, "links[1]"),
                put(LINK_SET, "{\"identifier\":\"01/" + GTIN + "\",\"links\":[" + (pip + ",").repeat(100) + pip
                        + "]}").named("101 links").expect(400, "links"),
                put(LINK_SET, "{\"identifier\":42,\"links\":[" + pip + "]}").expect(400, "identifier"),
                put(LINK_SET, "{\"identifier\":[\"01\",\"" + GTIN + "\"],\"links\":[" + pip + "]}")
                        .expect(400, "identifier"),
                put(LINK_SET, valid.replace(GTIN, "04012345000008")).expect(400, "identifier"),
                put(LINK_SET, valid.replace(GTIN, "4012345000009")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/", "99/")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/", "01/" + GTIN + "/10/LOT1/")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/" + GTIN, "01/" + GTIN + "\\n")).expect(400, "identifier"),
                put(LINK_SET, valid.replace("01/" + GTIN, "01/" + "1".repeat(101))).expect(400, "identifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"21/9/10/LOT1\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"10/LOT 1\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":\"17/260101\",\"links\""))
                        .expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"qualifier\":7,\"links\"")).expect(400, "qualifier"),
                put(LINK_SET, valid.replace("\"links\"", "\"itemDescription\":\" \",\"links\""))
                        .expect(400, "itemDescription"),
                put(LINK_SET, valid.replace("gs1:pip", "gs1:nosuchtype")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("gs1:pip", "gs1:defaultLink")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("gs1:pip", "javascript:alert(1)")).expect(400, "links[0].relationType"),
                put(LINK_SET, valid.replace("https://example.com/p", "javascript:alert(1)")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "file:///etc/passwd")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "")).expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("https://example.com/p", "https://example.com/" + "p".repeat(2000)))
                        .expect(400, "links[0].href"),
                put(LINK_SET, valid.replace("\"Product\"", "\"\\u00a0\"")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"", "\"" + "T".repeat(301) + "\"")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"", "null")).expect(400, "links[0].title"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":[\"en\\u0000\"]}"))
                        .expect(400, "links[0].lang[0]"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":[\"english\"]}"))
                        .expect(400, "links[0].lang[0]"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"lang\":\"en\"}"))
                        .expect(400, "links[0].lang"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"objectKey\":\"k\"}"))
                        .expect(400, "links[0].objectKey"),
                put(LINK_SET, valid.replace("\"Product\"}", "\"Product\",\"createdAt\":\"2026-01-01T00:00:00Z\"}"))
                        .expect(400, "links[0].createdAt"),
                put(LINK_SET, valid.replace("]}", "],\"links\":[]}")).expect(400, "links"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"id\":\"other\",\"identifier\""))
                        .expect(400, "id"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"tenantId\":\"x\",\"identifier\""))
                        .expect(400, "tenantId"),
                put(LINK_SET, valid.replace("{\"identifier\"", "{\"createdAt\":\"x\",\"identifier\""))
                        .expect(400, "createdAt"),
                put(LINK_SETS + "/a:b", valid).expect(400, "id"),
                put(LINK_SETS + "/" + "x".repeat(101), valid).expect(400, "id"),
                put(LINK_SET, valid).header("If-Match: \"0\"").expect(412),
                put(LINK_SET, valid).header("Accept: text/html").expect(406),
                put(LINK_SET + "?identifier=01/" + GTIN, valid).expect(400, "identifier"),
                json(LINK_SET, valid).expect(405),
                request("DELETE", LINK_SET).expect(404),
                request("DELETE", LINK_SET).header("If-Match: \"0\"").expect(404),
                request("DELETE", LINK_SETS + "/a:b").expect(404),
                get(LINK_SETS + "?identifier=x").expect(400, "identifier"),
                get(LINK_SETS + "?identifier=01/" + GTIN + "&identifier=01/" + GTIN).expect(400, "identifier"),
                get(LINK_SETS + "?identifier=").expect(400, "identifier"),
                get(LINK_SETS + "?qualifier=10/LOT1").expect(400, "qualifier"));
    }

    /** The public resolver at the root: bad Digital Links, unknown keys, what it does not answer. */
    static List<HostileRequest> resolver() {
        return List.of(
                get("/01/04012345000008").expect(400),
                get("/01/4012345000009").expect(400),
                get("/99/" + GTIN).expect(400),
                get("/01").expect(400),
                get(RESOLVED + "/foo").expect(400),
                get(RESOLVED + "/21/9/10/LOT1").expect(400),
                get(RESOLVED + "/17/260101").expect(400),
                get(RESOLVED + "/10/%C3%28").expect(400),
                get(RESOLVED + "/10/" + "L".repeat(5000)).named("a 5000 character lot").expect(400),
                get(RESOLVED + "//10/LOT1").expect(400),
                get(RESOLVED + "?linkType=%zz").expect(400),
                get(RESOLVED).expect(404),
                get(RESOLVED + "?linkType=gs1:pip").expect(404),
                get(RESOLVED + "/10/LOT1?linkType=linkset").expect(404),
                get(RESOLVED).header("Accept: application/linkset+json").expect(404),
                get(RESOLVED).header("Accept: undefined").expect(404),
                get(RESOLVED + "/10/A%2FB").expect(404),
                get("/gtin/" + GTIN).expect(404),
                get(DESCRIPTION + "?x=1").expect(400, "x"),
                get(DESCRIPTION).header("Accept: text/html").expect(406),
                get("/.well-known/gs1resolver.json").expect(404),
                json(RESOLVED, "{}").expect(405),
                request("DELETE", RESOLVED).expect(405));
    }

    /** What the HTTP server sees before the application: request lines, headers, framing. */
    static List<HostileRequest> theWire() {
        List<HostileRequest> cases = new ArrayList<>(List.of(
                get(ITEMS).header("X-Padding: " + "a".repeat(9000)).named("a 9 KB header").expect(431),
                get(ITEMS).header("Cookie: " + "c=1; ".repeat(2000)).named("a 10 KB cookie").expect(431),
                get(ITEMS + "?q=" + "a".repeat(9000)).named("a 9 KB request line").expect(414),
                get(ITEMS).header("Bad Header: 1").expect(400),
                get(ITEMS).header("X-Control: a\u0001b").expect(400),
                get(ITEMS).header("X-Nul: a\u0000b").expect(400),
                get(ITEMS).header(": no name").expect(400),
                get(ITEMS).header("no colon at all").expect(400),
                get(ITEMS).header("(no host)").expect(400),
                get(ITEMS).header("Host: a").header("Host: b").expect(400),
                get(ITEMS).header("Host: bad host name").expect(400),
                get(ITEMS).header("Accept: text/html").expect(406),
                get(ITEMS).header("Accept: garbage///").expect(406),
                request("G(T", ITEMS).expect(400),
                request("GET", "*").expect(400),
                request("GET", "trade-items").expect(400),
                request("GET", ITEMS + "#fragment").expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Content-Length: two").expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Content-Length: 17").header("Content-Length: 18")
                        .expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Content-Length: -17").expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Content-Length: 3").named("a body cut short by its length")
                        .expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Transfer-Encoding: chunked")
                        .named("a body not chunked as declared").expect(400),
                json(ITEMS, "{\"name\":\"Apples\"}").header("Expect: 200-ok").expect(417),
                json(ITEMS, "{\"name\":\"Apples\"}").header("X-Request-Id: a\rb").expect(400)));
        return cases;
    }

    /** Bodies no JSON endpoint can take, whatever it reads. */
    static List<HostileRequest> malformedBodies(String path) {
        byte[] badUtf8 = {'{', '"', 'x', '"', ':', '"', (byte) 0xC3, '(', '"', '}'};
        byte[] overlong = {'{', '"', 'x', '"', ':', '"', (byte) 0xC0, (byte) 0xAF, '"', '}'};
        byte[] rawNul = {'{', '"', 'x', '"', ':', '"', 0, '"', '}'};
        byte[] utf16 = "{\"x\":1}".getBytes(StandardCharsets.UTF_16LE);
        byte[] huge = ("{\"x\":\"" + "a".repeat(OVER_BODY_LIMIT) + "\"}").getBytes(StandardCharsets.UTF_8);
        String deep = "[".repeat(2000) + "]".repeat(2000);
        return List.of(
                request("POST", path).header("Content-Type: application/json").expect(400),
                json(path, "").expect(400),
                json(path, "null").expect(400),
                json(path, "[]").expect(400),
                json(path, "\"a string\"").expect(400),
                json(path, "42").expect(400),
                json(path, "true").expect(400),
                json(path, "{").expect(400),
                json(path, "}").expect(400),
                json(path, "{\"x\":}").expect(400),
                json(path, "{\"x\" 1}").expect(400),
                json(path, "{\"x\":1,}").expect(400),
                json(path, "{,}").expect(400),
                json(path, "{} {}").expect(400),
                json(path, "{}]").expect(400),
                json(path, "{'x':'y'}").expect(400),
                json(path, "{x:1}").expect(400),
                json(path, "/* comment */ {}").expect(400),
                json(path, "{\"x\":NaN}").expect(400),
                json(path, "{\"x\":0x10}").expect(400),
                json(path, "{\"x\":01}").expect(400),
                json(path, "{\"x\":1e99999999}").expect(400),
                json(path, "{\"x\":\"\\uZZZZ\"}").expect(400),
                json(path, "{\"x\":\"tab\there\"}").expect(400),
                json(path, "{\"x\":\"unterminated}").expect(400),
                json(path, "{\"x\":1}").expect(400, "x"),
                json(path, "{\"x\":" + "1".repeat(5000) + "}").named("a number of 5000 digits").expect(400),
                json(path, deep).named("arrays nested 2000 deep").expect(400),
                json(path, "{\"x\":" + deep + "}").named("a field of arrays nested 2000 deep").expect(400),
                json(path, badUtf8).named("bytes that are not UTF-8").expect(400),
                json(path, overlong).named("an overlong UTF-8 encoding of '/'").expect(400),
                json(path, rawNul).named("a raw NUL byte in a string").expect(400),
                json(path, utf16).named("UTF-16 sent as UTF-8").expect(400),
                json(path, huge).named("a body over 1 MB").expect(413),
                json(path, huge).chunked().named("a chunked body over 1 MB").expect(413),
                json(path, "{}").without("Content-Type").expect(415),
                json(path, "{}").without("Content-Type").header("Content-Type: text/plain").expect(415),
                json(path, "x=1").without("Content-Type").header("Content-Type: application/x-www-form-urlencoded")
                        .expect(415),
                json(path, "<x/>").without("Content-Type").header("Content-Type: application/xml").expect(415),
                json(path, "{}").without("Content-Type").header("Content-Type: application/json; charset=UTF-16")
                        .expect(415),
                json(path, "{}").without("Content-Type").header("Content-Type: application/json; charset=latin1")
                        .expect(415),
                json(path, "{}").without("Content-Type").header("Content-Type: !!!").expect(415),
                json(path, "{}").without("Content-Type").header("Content-Type: application/json")
                        .header("Content-Type: text/plain").named("two content types").expect(400),
                json(path, "{}").header("Content-Encoding: gzip").expect(415),
                json(path, "{}").header("Content-Encoding: identity").header("Content-Encoding: br").expect(415),
                json(path + "?debug=true", "{}").expect(400, "debug"));
    }

    /** Paths that are not valid, do not decode, or try to leave the collection. */
    static List<HostileRequest> pathTricks(String collection) {
        return List.of(
                get(collection + "/" + UNKNOWN_ID).expect(404),
                get(collection + "/[]").expect(400),
                get(collection + "/%").expect(400),
                get(collection + "/%zz").expect(400),
                get(collection + "/a%2Fb").expect(400),
                get(collection + "/..%2F..%2Fetc%2Fpasswd").expect(400),
                get(collection + "/a%5Cb").expect(400),
                get(collection + "/%00").expect(400),
                get(collection + "/%C3%28").expect(400),
                get(collection + "/%F0%9F").expect(400),
                get(collection + "/a b").expect(400),
                get(collection + "/<script>").expect(400),
                get(collection + "/a\"b").expect(400),
                get(collection + "/{id}").expect(400),
                get(collection + "/a|b").expect(400),
                get(collection + "/../../etc/passwd").expect(400),
                get(collection + "/" + UNKNOWN_ID + "/more").expect(404),
                get(collection + "/%2e%2e/x").expect(404),
                get(collection + "/" + "x".repeat(5000)).named("a 5000 character id").expect(404),
                get(collection + "/" + UNKNOWN_ID + "?id=other").expect(400, "id"));
    }

    /** Query parameters of a list: out of range, not numbers, given twice, unknown. */
    static List<HostileRequest> pagingAbuse(String list) {
        List<HostileRequest> cases = new ArrayList<>();
        for (String value : List.of("0", "-1", "abc", "1.5", "+1", "1e2", "0x10", "%201", "%D9%A3",
                "99999999999999999999", "2147483648", "")) {
            cases.add(get(list + "?page=" + value).expect(400, "page"));
        }
        for (String value : List.of("0", "101", "-5", "ten", "1000000")) {
            cases.add(get(list + "?limit=" + value).expect(400, "limit"));
        }
        cases.add(get(list + "?page=1&page=2").expect(400, "page"));
        cases.add(get(list + "?limit=5&limit=5").expect(400, "limit"));
        cases.add(get(list + "?foo=bar").expect(400, "foo"));
        cases.add(get(list + "?Page=1").expect(400, "Page"));
        cases.add(get(list + "?page[]=1").expect(400));
        cases.add(get(list + "?page=%zz").expect(400, "page"));
        cases.add(get(list + "?page=%C3%28").expect(400, "page"));
        cases.add(get(list + "?%zz=1").expect(400));
        return cases;
    }

    /** Methods the path does not answer: 405 with {@code Allow}. */
    static List<HostileRequest> wrongMethods(String path) {
        return List.of(
                request("PUT", path).header("Content-Type: application/json").body("{}").expect(405),
                request("PATCH", path).header("Content-Type: application/json").body("{}").expect(405),
                request("TRACE", path).expect(405));
    }
}
