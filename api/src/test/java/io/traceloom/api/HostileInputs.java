package io.traceloom.api;

import static io.traceloom.api.canvas.CanvasCases.TEMPLATES;
import static io.traceloom.api.credential.CredentialCases.CREDENTIALS;
import static io.traceloom.api.credential.CredentialCases.ISSUE;
import static io.traceloom.api.credential.CredentialCases.VC_VERIFY;
import static io.traceloom.api.credential.CredentialCases.VERIFY;
import static io.traceloom.api.custody.CustodyCases.CONSUME;
import static io.traceloom.api.custody.CustodyCases.CUSTODY;
import static io.traceloom.api.linkset.LinkSetCases.DESCRIPTION;
import static io.traceloom.api.linkset.LinkSetCases.GTIN;
import static io.traceloom.api.linkset.LinkSetCases.RESOLVED;
import static io.traceloom.api.partnertag.PartnerTagCases.PARTNER_TAGS;
import static io.traceloom.api.schema.SchemaCases.SCHEMAS;
import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.put;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.tradeitem.TradeItemCases.ITEMS;
import static io.traceloom.api.tradeitemtag.TradeItemTagCases.TAGS;
import static io.traceloom.api.tradeitemtag.TradeItemTagCases.TAG_SET;

import io.traceloom.api.schema.SchemaCases;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Features;
import io.traceloom.api.support.HostileRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The hostile-input corpus: malformed, oversized, mistyped and hostile requests, each with the 4xx it must
 * get. {@link HostileInputCorpusTest} sends every one and checks that it is answered as problem+json and
 * that nothing was stored.
 *
 * <p>Each feature states its own cases in its {@link FeatureCases#hostileInputs()} (e.g.
 * {@code tradeitem.TradeItemCases}): a method of cases for its endpoints, one line per case, e.g.
 * {@code json(TAGS, "{\"code\":42}").expect(400, "code")}, and the generic families of
 * {@link io.traceloom.api.support.HostileFamilies} for its paths. What is here is no one feature's: the wire, and
 * the edges that cross features.
 */
final class HostileInputs {

    private HostileInputs() {
    }

    static List<HostileRequest> all() {
        List<HostileRequest> cases = new ArrayList<>();
        for (FeatureCases feature : Features.ALL) {
            cases.addAll(feature.hostileInputs());
        }
        cases.addAll(theWire());
        cases.addAll(schemaEngine());
        cases.addAll(numbersBeyondWhatIsKept());
        cases.addAll(edges());
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
                SCHEMAS + "/" + HUGE_COUNTS, SchemaCases.schema("{\"properties\":{"
                        + "\"code\":{\"minLength\":" + largest + "},\"codes\":{\"minItems\":" + largest + "},"
                        + "\"entries\":{\"minProperties\":" + largest + "},"
                        + "\"tags\":{\"contains\":{\"type\":\"string\"},\"minContains\":" + largest + "},"
                        + "\"note\":{\"maxLength\":" + largest + "},\"notes\":{\"maxItems\":" + largest + "},"
                        + "\"map\":{\"maxProperties\":" + largest + "},"
                        + "\"words\":{\"contains\":{\"type\":\"string\"},\"maxContains\":" + largest + "}}}"),
                SCHEMAS + "/" + STACK_PATTERN, SchemaCases.schema("{\"properties\":{\"code\":{\"pattern\":\"^(a|b)*$\"}}}"));
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
}
