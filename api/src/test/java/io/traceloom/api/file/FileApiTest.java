package io.traceloom.api.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.BinaryResponse;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.ProblemJson;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FileApiTest {

    private final Http http = SharedTraceloom.get().http();

    @Test
    void aPngNamedAsTextIsAPng() {
        Response created = http.upload("/files", Multipart.file("report.txt", "text/plain", Samples.PNG));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode file = created.json();
        String id = file.get("id").asText();
        assertThat(file.get("mimeType").asText()).isEqualTo("image/png");
        assertThat(file.get("key").asText()).isEqualTo("report.txt");
        assertThat(file.get("size").asLong()).isEqualTo(Samples.PNG.length);
        assertThat(file.get("url").asText()).isEqualTo("http://localhost:8080/files/" + id + "/content");
        assertThat(Instant.parse(file.get("createdAt").asText())).isEqualTo(Instant.parse(file.get("updatedAt").asText()));
        assertThat(created.header("Location")).endsWith("/files/" + id);
        assertThat(created.header("ETag")).isEqualTo("\"0\"");

        Response read = http.get("/files/" + id);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(file);
        assertThat(http.get("/files/" + id, "If-None-Match", created.header("ETag")).status()).isEqualTo(304);
    }

    @Test
    void htmlSentAsAnImageIsHtml() {
        JsonNode file = upload("logo.png", "image/png", Samples.HTML);

        assertThat(file.get("mimeType").asText()).isEqualTo("text/html");
    }

    @Test
    void theClientsTypeOnlyRefinesWhatTheBytesShow() {
        byte[] csv = "name,weight\napples,12\n".getBytes(StandardCharsets.UTF_8);
        assertThat(upload("lots.csv", "text/csv", csv).get("mimeType").asText()).isEqualTo("text/csv");
        assertThat(upload("lots", "application/octet-stream", csv).get("mimeType").asText()).isEqualTo("text/plain");
        assertThat(upload("lots.csv", null, csv).get("mimeType").asText()).as("by the name's extension")
                .isEqualTo("text/csv");
        assertThat(upload("photo.png", "image/png", Samples.random(2000, 1)).get("mimeType").asText())
                .as("bytes no one can name are not believed to be what the client says")
                .isEqualTo("application/octet-stream");
        assertThat(upload("logo.svg", "image/svg+xml", Samples.SVG).get("mimeType").asText())
                .isEqualTo("image/svg+xml");
    }

    @Test
    void theNameIsKeptWithoutPathOrControlCharacters() {
        assertThat(upload("../../etc/passwd", null, Samples.PNG).get("key").asText()).isEqualTo("passwd");
        assertThat(upload("C:\\\\Users\\\\me\\\\logo.png", null, Samples.PNG).get("key").asText())
                .isEqualTo("logo.png");
        assertThat(upload("invoice\u202Egnp.exe", null, Samples.PNG).get("key").asText()).isEqualTo("invoicegnp.exe");
        assertThat(upload("  spaced.png  ", null, Samples.PNG).get("key").asText()).isEqualTo("spaced.png");
        assertThat(upload("", null, Samples.PNG).get("key").asText()).as("no name: one from the type")
                .isEqualTo("file.png");
        assertThat(upload("x".repeat(300) + ".png", null, Samples.PNG).get("key").asText())
                .isEqualTo("x".repeat(251) + ".png");
    }

    @Test
    void theBytesComeBackByteForByteWithTheirHeaders() throws Exception {
        byte[] bytes = Samples.random(300_000, 2);
        JsonNode file = upload("données.bin", "application/octet-stream", bytes);

        BinaryResponse content = http.getBytes("/files/" + file.get("id").asText() + "/content");

        assertThat(content.status()).isEqualTo(200);
        assertThat(content.body()).isEqualTo(bytes);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        assertThat(content.header("ETag")).isEqualTo("\"" + sha256 + "\"");
        assertThat(content.header("Content-Type")).isEqualTo("application/octet-stream");
        assertThat(content.header("Content-Length")).isEqualTo("300000");
        assertThat(content.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(content.header("Content-Security-Policy")).isEqualTo("sandbox");
        assertThat(content.header("Accept-Ranges")).isEqualTo("bytes");
        assertThat(content.header("Content-Disposition"))
                .isEqualTo("inline; filename=\"donn_es.bin\"; filename*=UTF-8''donn%C3%A9es.bin");
        assertThat(content.headers().allValues("ETag")).hasSize(1);
    }

    @Test
    void anUploadedPageCannotRunScriptHere() {
        JsonNode file = upload("page.html", "text/html", Samples.HTML);

        BinaryResponse content = http.getBytes("/files/" + file.get("id").asText() + "/content");

        assertThat(content.header("Content-Type")).isEqualTo("text/html");
        assertThat(content.header("Content-Security-Policy")).isEqualTo("sandbox");
        assertThat(content.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }

    @Test
    void anUnchangedContentIsNotSentAgain() {
        String path = "/files/" + upload("a.png", null, Samples.PNG).get("id").asText() + "/content";
        String etag = http.getBytes(path).header("ETag");

        BinaryResponse again = http.getBytes(path, "If-None-Match", etag);

        assertThat(again.status()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.header("ETag")).isEqualTo(etag);
        assertThat(http.getBytes(path, "If-None-Match", "\"other\"").status()).isEqualTo(200);
    }

    @Test
    void oneRangeIsServedAsPartialContent() {
        byte[] bytes = Samples.random(1000, 3);
        String path = "/files/" + upload("r.bin", null, bytes).get("id").asText() + "/content";
        String etag = http.getBytes(path).header("ETag");

        BinaryResponse middle = http.getBytes(path, "Range", "bytes=10-19");
        assertThat(middle.status()).isEqualTo(206);
        assertThat(middle.body()).isEqualTo(Arrays.copyOfRange(bytes, 10, 20));
        assertThat(middle.header("Content-Range")).isEqualTo("bytes 10-19/1000");
        assertThat(middle.header("Content-Length")).isEqualTo("10");
        assertThat(middle.header("ETag")).isEqualTo(etag);

        BinaryResponse tail = http.getBytes(path, "Range", "bytes=-100");
        assertThat(tail.status()).isEqualTo(206);
        assertThat(tail.body()).isEqualTo(Arrays.copyOfRange(bytes, 900, 1000));
        assertThat(tail.header("Content-Range")).isEqualTo("bytes 900-999/1000");

        BinaryResponse rest = http.getBytes(path, "Range", "bytes=990-5000");
        assertThat(rest.status()).isEqualTo(206);
        assertThat(rest.body()).isEqualTo(Arrays.copyOfRange(bytes, 990, 1000));

        assertThat(http.getBytes(path, "Range", "bytes=990-", "If-Range", etag).status()).isEqualTo(206);
        BinaryResponse stale = http.getBytes(path, "Range", "bytes=990-", "If-Range", "\"stale\"");
        assertThat(stale.status()).as("If-Range names another ETag: the whole").isEqualTo(200);
        assertThat(stale.body()).isEqualTo(bytes);
        BinaryResponse several = http.getBytes(path, "Range", "bytes=0-1, 5-6");
        assertThat(several.status()).as("several ranges: the whole").isEqualTo(200);
        assertThat(several.body()).isEqualTo(bytes);
        assertThat(http.getBytes(path, "Range", "lines=1-2").status()).isEqualTo(200);
        assertThat(http.getBytes(path, "Range", "bytes=5-2").status()).isEqualTo(200);
    }

    @Test
    void aRangeAfterTheEndIsNotSatisfiable() {
        String path = "/files/" + upload("r.bin", null, Samples.random(100, 4)).get("id").asText() + "/content";

        Response refused = http.get(path, "Range", "bytes=100-");

        assertThat(refused.status()).isEqualTo(416);
        assertThat(refused.contentType()).startsWith("application/problem+json");
        assertThat(refused.header("Content-Range")).isEqualTo("bytes */100");
        assertThat(http.get(path, "Range", "bytes=-0").status()).isEqualTo(416);
    }

    @Test
    void anEmptyFileIsRefused() {
        Response refused = http.upload("/files", Multipart.file("empty.png", "image/png", new byte[0]));

        assertProblem(refused, 400, "file");
    }

    @Test
    void aRequestWithoutTheFilePartIsRefusedNamingIt() {
        assertProblem(http.upload("/files", new Multipart().part("upload", "a.png", "image/png", Samples.PNG)),
                400, "file");
        assertProblem(http.upload("/files", new Multipart().part("file", null, null, Samples.PNG)), 400, "file");
        assertProblem(http.upload("/files", Multipart.file("a.png", null, Samples.PNG)
                .part("file", "b.png", null, Samples.PNG)), 400, "file");
        assertProblem(http.upload("/files", Multipart.file("a.png", null, Samples.PNG)
                .part("description", null, null, "x".getBytes(StandardCharsets.UTF_8))), 400, "description");
        assertProblem(http.post("/files", "{\"file\":\"x\"}"), 415, null);
    }

    @Test
    void aFileIsRenamedAndItsVersionMoves() {
        JsonNode file = upload("old.png", null, Samples.PNG);
        String path = "/files/" + file.get("id").asText();

        Response renamed = http.send("PATCH", path, "application/merge-patch+json",
                BodyPublishers.ofString("{\"key\":\"new.png\"}"), "If-Match", "\"0\"");

        assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
        assertThat(renamed.json().get("key").asText()).isEqualTo("new.png");
        assertThat(renamed.header("ETag")).isEqualTo("\"1\"");
        assertThat(Instant.parse(renamed.json().get("updatedAt").asText()))
                .isAfter(Instant.parse(file.get("createdAt").asText()));
        assertThat(http.get(path).json()).isEqualTo(renamed.json());
        assertThat(http.getBytes(path + "/content").header("Content-Disposition")).contains("new.png");

        assertProblem(http.send("PATCH", path, "application/json", BodyPublishers.ofString("{\"key\":\"x.png\"}"),
                "If-Match", "\"0\""), 412, null);
        assertProblem(patch(path, "{\"key\":\"a/b.png\"}"), 400, "key");
        assertProblem(patch(path, "{\"key\":\" x.png\"}"), 400, "key");
        assertProblem(patch(path, "{\"key\":\"x\\u0007.png\"}"), 400, "key");
        assertProblem(patch(path, "{\"key\":\"" + "k".repeat(256) + "\"}"), 400, "key");
        assertProblem(patch(path, "{\"key\":\"\"}"), 400, "key");
        assertProblem(patch(path, "{}"), 400, "key");
        assertProblem(patch(path, "{\"key\":\"x.png\",\"mimeType\":\"image/gif\"}"), 400, "mimeType");
        assertThat(http.get(path).json().get("key").asText()).isEqualTo("new.png");
    }

    @Test
    void aDeletedFileIsGoneWithItsBytes() {
        String path = "/files/" + upload("gone.png", null, Samples.PNG).get("id").asText();

        assertThat(http.delete(path, "If-Match", "\"7\"").status()).isEqualTo(412);
        assertThat(http.delete(path).status()).isEqualTo(204);

        assertProblem(http.get(path), 404, null);
        assertProblem(http.get(path + "/content"), 404, null);
        assertProblem(http.delete(path), 404, null);
    }

    @Test
    void filesAreListedOldestFirst() {
        JsonNode first = upload("one.png", null, Samples.PNG);
        JsonNode second = upload("two.png", null, Samples.GIF);

        Response all = http.get("/files?limit=100");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.header("X-Total-Count")).isNotBlank();
        int total = Integer.parseInt(all.header("X-Total-Count"));
        Response last = http.get("/files?limit=1&page=" + total);
        assertThat(last.json().get(0)).isEqualTo(second);
        assertThat(http.get("/files?limit=1&page=" + (total - 1)).json().get(0)).isEqualTo(first);
    }

    @Test
    void anIdThatIsNoUuidNamesNoFile() {
        assertProblem(http.get("/files/organization-theme:x"), 404, null);
        assertProblem(http.delete("/files/" + UUID.randomUUID().toString().toUpperCase()), 404, null);
    }

    @Test
    void aRetryWithTheSameKeyGetsTheSameFile() {
        String key = UUID.randomUUID().toString();
        Response first = http.upload("/files", Multipart.file("keyed.png", "image/png", Samples.PNG),
                "Idempotency-Key", key);
        Response retry = http.upload("/files", Multipart.file("keyed.png", "image/png", Samples.PNG),
                "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(retry.status()).as("a new boundary is the same request").isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
        assertProblem(http.upload("/files", Multipart.file("other.png", "image/png", Samples.PNG),
                "Idempotency-Key", key), 422, null);
    }

    private JsonNode upload(String name, String type, byte[] bytes) {
        Response created = http.upload("/files", Multipart.file(name, type, bytes));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private Response patch(String path, String json) {
        return http.send("PATCH", path, "application/json", BodyPublishers.ofString(json));
    }

    static void assertProblem(Response response, int status, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.path("detail").asText()).isNotBlank().doesNotContainPattern(ProblemJson.LEAKS);
        if (field != null) {
            assertThat(problem.path("errors").findValuesAsText("field")).contains(field);
        }
    }
}
