package io.traceloom.api.file;

import static io.traceloom.api.file.FileApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.BinaryResponse;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.Samples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Where the bytes live, how long they last, and what is left of a request that failed: nothing. */
@ExtendWith(OutputCaptureExtension.class)
class FileStorageTest {

    @TempDir
    Path dataDir;

    @Test
    void theBytesSurviveARestartAndMissingOnesAreReportedNeverReplaced(CapturedOutput output) throws IOException {
        byte[] kept = Samples.random(200_000, 10);
        byte[] lost = Samples.random(5_000, 11);
        byte[] damaged = Samples.random(5_000, 12);
        String keptId;
        String lostId;
        String damagedId;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            keptId = upload(first.http(), "kept.bin", kept).get("id").asText();
            lostId = upload(first.http(), "lost.bin", lost).get("id").asText();
            damagedId = upload(first.http(), "damaged.bin", damaged).get("id").asText();
        }
        assertThat(contentFiles()).hasSize(3);
        for (Path content : contentFiles()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(content))).isEqualTo("rw-------");
        }
        Files.delete(contentFileOf(sha256(lost)));
        Files.write(contentFileOf(sha256(damaged)), Arrays.copyOf(damaged, 4_000));

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            Http http = second.http();
            BinaryResponse content = http.getBytes("/files/" + keptId + "/content");
            assertThat(content.status()).isEqualTo(200);
            assertThat(content.body()).isEqualTo(kept);

            awaitOutput(output, "2 of 3 files have no bytes in the content store");
            assertThat(output.getOut()).contains("File " + lostId + " of tenant").contains("File " + damagedId + " of tenant");
            for (String id : List.of(lostId, damagedId)) {
                Response missing = http.get("/files/" + id + "/content");
                assertProblem(missing, 500, null);
                assertThat(missing.json().get("type").asText()).isEqualTo("urn:traceloom:problem:content-missing");
                assertThat(http.get("/files/" + id).status()).as("the metadata is still there").isEqualTo(200);
            }
        }
    }

    @Test
    void aRequestThatFailsLeavesNoBytes() throws IOException {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, "--traceloom.files.max-size=64KB")) {
            Http http = traceloom.http();
            String key = UUID.randomUUID().toString();
            assertThat(http.upload("/files", Multipart.file("a.bin", null, Samples.random(1000, 20)),
                    "Idempotency-Key", key).status()).isEqualTo(201);
            List<Path> before = contentFiles();

            assertThat(http.upload("/files", Multipart.file("b.bin", null, Samples.random(1000, 21)),
                    "Idempotency-Key", key).status()).as("refused by the command side, after the bytes were kept")
                    .isEqualTo(422);
            assertThat(http.upload("/files", Multipart.file("c.bin", null, Samples.random(64 * 1024 + 1, 22)))
                    .status()).isEqualTo(413);
            assertThat(http.send("POST", "/files", null, null).status()).isEqualTo(415);
            Multipart tooLarge = Multipart.file("d.bin", null, Samples.random(70_000, 23));
            assertThat(http.send("POST", "/files", tooLarge.contentType(), Http.chunked(tooLarge.bytes())).status())
                    .as("without a declared length").isEqualTo(413);
            assertThat(http.upload("/files", Multipart.file("e.bin", null, new byte[0])).status()).isEqualTo(400);

            assertThat(contentFiles()).isEqualTo(before);
            try (Stream<Path> staged = Files.list(dataDir.resolve("files").resolve("staging"))) {
                assertThat(staged).as("nothing left staged").isEmpty();
            }
            Response largest = http.upload("/files", Multipart.file("f.bin", null, Samples.random(64 * 1024, 24)));
            assertThat(largest.status()).as("exactly the limit").isEqualTo(201);
        }
    }

    @Test
    void sameBytesAreKeptOnceAndStayWhileAFileNamesThem() throws IOException {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir)) {
            Http http = traceloom.http();
            byte[] bytes = Samples.random(10_000, 30);
            String first = upload(http, "one.bin", bytes).get("id").asText();
            String second = upload(http, "two.bin", bytes).get("id").asText();
            assertThat(contentFiles()).hasSize(1);

            assertThat(http.delete("/files/" + first).status()).isEqualTo(204);

            assertThat(http.getBytes("/files/" + second + "/content").body()).isEqualTo(bytes);
        }
    }

    @Test
    void withAnExternalMongoDbTheBytesAreInGridFs() throws IOException {
        MongoServer mongo = new MongoServer(new MemoryBackend());
        mongo.bind("127.0.0.1", 0);
        String uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
        try {
            byte[] bytes = Samples.random(600_000, 40);
            String id;
            try (RunningTraceloom first = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri)) {
                id = upload(first.http(), "big.bin", bytes).get("id").asText();
                BinaryResponse range = first.http().getBytes("/files/" + id + "/content", "Range", "bytes=300000-300009");
                assertThat(range.status()).isEqualTo(206);
                assertThat(range.body()).isEqualTo(Arrays.copyOfRange(bytes, 300_000, 300_010));
            }
            assertThat(contentFiles()).as("nothing under the data directory").isEmpty();
            try (MongoClient client = MongoClients.create(uri)) {
                assertThat(client.getDatabase("traceloom").getCollection("contents.files").countDocuments())
                        .isEqualTo(1);
            }
            try (RunningTraceloom second = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri)) {
                assertThat(second.http().getBytes("/files/" + id + "/content").body()).isEqualTo(bytes);
            }
        } finally {
            mongo.shutdownNow();
        }
    }

    private static JsonNode upload(Http http, String name, byte[] bytes) {
        Response created = http.upload("/files", Multipart.file(name, null, bytes));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    /** The content files under the data directory (not what is staged). */
    private List<Path> contentFiles() throws IOException {
        Path root = dataDir.resolve("files");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).filter(path -> !path.getParent().endsWith("staging")).sorted()
                    .toList();
        }
    }

    private Path contentFileOf(String sha256) {
        return dataDir.resolve("files").resolve(sha256.substring(0, 2)).resolve(sha256);
    }

    private static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitOutput(CapturedOutput output, String text) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!output.getOut().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not logged within 60 s: " + text);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException(e));
            }
        }
    }
}
