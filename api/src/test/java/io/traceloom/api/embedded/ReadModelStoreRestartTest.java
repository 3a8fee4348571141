package io.traceloom.api.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.readmodel.Projections;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded read models live in a file under the data directory; the next start goes on from it when it can
 * be trusted, and the projections catch up from their tokens. Whatever is used or rebuilt, the API answers what a
 * rebuild from the events would.
 *
 * <p>Whether a start used the file is told by a marker: a document the test puts in a collection of its own. It
 * is there after a start that used the file, and gone after one that rebuilt the read models.
 */
class ReadModelStoreRestartTest {

    @TempDir
    Path dataDir;

    @TempDir
    Path otherDataDir;

    private static Path file(Path dir) {
        return dir.resolve("read-models").resolve(EmbeddedMongoConfiguration.FILE);
    }

    private static MongoCollection<Document> markers(RunningTraceloom traceloom, MongoClient[] client) {
        MongoServer server = traceloom.bean(MongoServer.class);
        client[0] = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        return client[0].getDatabase("traceloom").getCollection("test_markers");
    }

    private static void mark(RunningTraceloom traceloom) {
        MongoClient[] client = new MongoClient[1];
        try {
            markers(traceloom, client).insertOne(new Document("_id", "marker"));
        } finally {
            client[0].close();
        }
    }

    private static boolean marked(RunningTraceloom traceloom) {
        MongoClient[] client = new MongoClient[1];
        try {
            return markers(traceloom, client).countDocuments() == 1;
        } finally {
            client[0].close();
        }
    }

    private static long head(RunningTraceloom traceloom) {
        return Projections.position(traceloom.bean(Projections.class).head());
    }

    @Test
    void aCleanStopAndTheNextStartGoOnFromTheFile() {
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 5);
            before = Fixtures.everything(first.http());
            mark(first);
        }
        assertThat(file(dataDir)).exists();

        JsonNode after;
        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(marked(second)).as("the file was used").isTrue();
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
            assertThat(second.http().post("/trade-items", "{\"name\":\"After the restart\"}").status()).isEqualTo(201);
            after = Fixtures.everything(second.http());
            assertThat(after.get("items")).hasSize(before.get("items").size() + 1);
        }
        try (RunningTraceloom third = RunningTraceloom.start(dataDir)) {
            assertThat(marked(third)).isTrue();
            assertThat(Fixtures.everything(third.http())).isEqualTo(after);
        }
    }

    /** As after a crash: the file is older than the event store; the projections catch up from its tokens. */
    @Test
    void readModelsOlderThanTheStoreCatchUpWithWhatCameSince() throws IOException {
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 3);
            mark(first);
        }
        Path older = Files.copy(file(dataDir), dataDir.resolve("older.mv.db"));
        JsonNode latest;
        long written;
        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(second.http().post("/trade-items", "{\"name\":\"Written after the copy\"}").status())
                    .isEqualTo(201);
            assertThat(second.http().delete("/trade-items/"
                    + second.http().get("/trade-items?limit=1").json().get(0).get("id").asText()).status())
                    .isEqualTo(204);
            latest = Fixtures.everything(second.http());
            written = head(second);
        }
        Files.move(older, file(dataDir), StandardCopyOption.REPLACE_EXISTING);

        try (RunningTraceloom third = RunningTraceloom.start(dataDir)) {
            assertThat(head(third)).as("the events written after the copy are in the store")
                    .isGreaterThanOrEqualTo(written);
            assertThat(marked(third)).as("the older file was used").isTrue();
            assertThat(Fixtures.everything(third.http()))
                    .as(() -> "caught up from the older file's tokens; projections now: "
                            + third.bean(Projections.class).statuses())
                    .isEqualTo(latest);
        }
    }

    @Test
    void readModelsOfAnotherEventStoreAreRebuiltInstead() throws IOException {
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 4);
            mark(first);
        }
        JsonNode own;
        long written;
        try (RunningTraceloom other = RunningTraceloom.start(otherDataDir)) {
            Fixtures.createTag(other.http(), "OTHER");
            own = Fixtures.everything(other.http());
            written = head(other);
        }
        Files.copy(file(dataDir), file(otherDataDir), StandardCopyOption.REPLACE_EXISTING);

        try (RunningTraceloom other = RunningTraceloom.start(otherDataDir)) {
            assertThat(head(other)).as("the events written before are in the store").isGreaterThanOrEqualTo(written);
            assertThat(marked(other)).as("the file was not used").isFalse();
            assertThat(Fixtures.everything(other.http()))
                    .as(() -> "rebuilt from the events; projections now: "
                            + other.bean(Projections.class).statuses())
                    .isEqualTo(own);
        }
    }

    @Test
    void aFileThatCannotBeReadIsSetAsideAndTheReadModelsRebuilt() throws IOException {
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 3);
            before = Fixtures.everything(first.http());
        }
        Files.write(file(dataDir), new byte[(int) Files.size(file(dataDir))]);

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
        }
        assertThat(file(dataDir).resolveSibling(EmbeddedMongoConfiguration.FILE + ".unreadable")).exists();
    }
}
