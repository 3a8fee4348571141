package io.traceloom.api.support;

import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The generic families of the hostile-input corpus: requests that any endpoint of a kind must refuse, for a path a
 * feature names in its {@link FeatureCases#hostileInputs()} (e.g. {@code malformedBodies(THINGS)}).
 */
public final class HostileFamilies {

    /** An id no resource has. */
    public static final String UNKNOWN_ID = "5a1c0d7e-0000-4000-8000-000000000000";

    /** Just over the 1 MB body limit, and under Tomcat's 2 MB swallow limit, so the 413 is read whole. */
    private static final int OVER_BODY_LIMIT = 1024 * 1024 + 4096;

    private HostileFamilies() {
    }

    /** An instant a day from now: an {@code asOf} in the future. */
    public static String later() {
        return java.time.Instant.now().plus(java.time.Duration.ofDays(1)).toString();
    }

    /** A resource read by id ({@code collection/{id}}): its {@code asOf}, and its history. */
    public static List<HostileRequest> history(String collection) {
        List<HostileRequest> cases = new ArrayList<>();
        String later = later();
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
        return cases;
    }

    /** The same request as a PUT (without what a verification expects). */
    public static HostileRequest asPut(HostileRequest post) {
        return new HostileRequest(post.name(), "PUT", post.target(), post.headers(), post.body(), post.status(),
                post.field());
    }

    /** Sets of either catalogue: an array of tags, each element checked by its index; none changes anything. */
    public static List<HostileRequest> tagSets(String set) {
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

    /** Bodies no JSON endpoint can take, whatever it reads. */
    public static List<HostileRequest> malformedBodies(String path) {
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
    public static List<HostileRequest> pathTricks(String collection) {
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
    public static List<HostileRequest> pagingAbuse(String list) {
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
    public static List<HostileRequest> wrongMethods(String path) {
        return List.of(
                request("PUT", path).header("Content-Type: application/json").body("{}").expect(405),
                request("PATCH", path).header("Content-Type: application/json").body("{}").expect(405),
                request("TRACE", path).expect(405));
    }
}
