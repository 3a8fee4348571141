package io.traceloom.api.file;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.Samples;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their probes of tenant
 * isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class FileCases implements FeatureCases {

    public static final String FILES = "/files";

    @Override
    public String feature() {
        return "file";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(files());
        cases.addAll(uploads());
        cases.addAll(pagingAbuse(FILES));
        cases.addAll(pathTricks(FILES));
        cases.addAll(wrongMethods(FILES));
        cases.addAll(history(FILES));
        cases.add(get(FILES + "/..%2F..%2Fetc%2Fpasswd/history").expect(400));
        return cases;
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

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                IsolationProbe.uploads("POST /files", "/files"),
                lists("GET /files", "/files?limit=100"),
                notFound("GET /files/{id}", "/files/{file}"),
                notFound("GET /files/{id}/history", "/files/{file}/history"),
                notFound("GET /files/{id}", "/files/{file}?asOf={now}"),
                notFound("GET /files/{id}/content", "/files/{file}/content"),
                notFound("PATCH /files/{id}", "/files/{file}", "{\"key\":\"theirs.png\"}"),
                notFound("DELETE /files/{id}", "/files/{file}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        owned.put("file", created(http.upload("/files", Multipart.file("logo.png", "image/png", Samples.PNG)))
                .get("id").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("file");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/files/{file}", null, 200),
                new ByIdProbe("GET", "/files/{file}", null, 304, "If-None-Match", "{fileETag}"),
                new ByIdProbe("GET", "/files/{file}/content", null, 200),
                new ByIdProbe("GET", "/files/{file}/content", null, 206, "Range", "bytes=0-1"),
                new ByIdProbe("GET", "/files/{file}/content", null, 416, "Range", "bytes=100000-"),
                new ByIdProbe("GET", "/files/{file}/content", null, 304, "If-None-Match", "{contentETag}"),
                new ByIdProbe("PATCH", "/files/{file}", "{\"key\":\"x.png\"}", 412, "If-Match", "\"9\""),
                new ByIdProbe("PATCH", "/files/{file}", "{\"key\":\"theirs.png\"}", null),
                new ByIdProbe("DELETE", "/files/{file}", null, 409),
                new ByIdProbe("DELETE", "/files/{file}", null, 412, "If-Match", "\"9\""),
                new ByIdProbe("GET", "/files/{file}/history", null, 200),
                new ByIdProbe("GET", "/files/{file}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response file = http.upload("/files", Multipart.file("logo.png", "image/png", Samples.PNG));
        assertThat(file.status()).isEqualTo(201);
        String fileId = file.json().get("id").asText();
        owned.put("file", fileId);
        owned.put("fileETag", http.get("/files/" + fileId).header("ETag"));
        owned.put("contentETag", http.getBytes("/files/" + fileId + "/content").header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("files", Fixtures.list(http, "/files?limit=100"));
    }
}
