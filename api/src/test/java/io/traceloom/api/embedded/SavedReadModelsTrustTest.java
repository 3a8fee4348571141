package io.traceloom.api.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@link SavedReadModels} puts back, and what it refuses: the rules, without a whole service. */
class SavedReadModelsTrustTest {

    private static final SavedReadModels.Head HEAD = new SavedReadModels.Head(7, "event-7");

    @TempDir
    Path directory;

    private final List<MongoServer> servers = new ArrayList<>();

    @AfterEach
    void tearDown() {
        servers.forEach(MongoServer::shutdownNow);
    }

    private String newServer() {
        MongoServer server = new MongoServer(new EmbeddedMongoBackend());
        server.bind("127.0.0.1", 0);
        servers.add(server);
        InetSocketAddress address = server.getLocalAddress();
        return "mongodb://127.0.0.1:" + address.getPort();
    }

    /** Read models saved by {@code build} over a store whose event 7 is {@code event}. */
    private SavedReadModels saved(String build, String event) {
        return new SavedReadModels(directory, "traceloom", () -> Optional.of(HEAD),
                position -> position == 7 ? Optional.of(event) : Optional.empty(), () -> build);
    }

    private static List<String> names(String uri, String collection) {
        try (MongoClient client = MongoClients.create(uri)) {
            List<String> names = new ArrayList<>();
            client.getDatabase("traceloom").getCollection(collection).find()
                    .forEach(document -> names.add(document.getString("name")));
            return names;
        }
    }

    private String serverWithReadModels() {
        String uri = newServer();
        try (MongoClient client = MongoClients.create(uri)) {
            var database = client.getDatabase("traceloom");
            for (int i = 0; i < 2500; i++) {
                database.getCollection("things").insertOne(new Document("_id", "t" + i).append("name", "thing " + i));
            }
            database.getCollection("things_rebuild").insertOne(new Document("name", "half rebuilt"));
        }
        return uri;
    }

    @Test
    void theSameBuildOverTheSameStoreGetsEverythingBackButRebuildsInProgress() {
        saved("build-a", "event-7").save(serverWithReadModels());

        String fresh = newServer();
        SavedReadModels again = saved("build-a", "event-7");
        again.restore(fresh);

        assertThat(again.restored()).hasValueSatisfying(restored -> assertThat(restored.documents()).isEqualTo(2500));
        assertThat(names(fresh, "things")).hasSize(2500).contains("thing 0", "thing 2499");
        assertThat(names(fresh, "things_rebuild")).isEmpty();
    }

    /**
     * A read model larger than one BSON message (16 MB), in documents of up to a megabyte: it is saved and put
     * back whole, read and written in batches that each fit a message.
     */
    @Test
    void aReadModelLargerThanAMessageIsSavedAndPutBackWhole() {
        String uri = newServer();
        String megabyte = "m".repeat(1024 * 1024);
        try (MongoClient client = MongoClients.create(uri)) {
            var big = client.getDatabase("traceloom").getCollection("big");
            for (int i = 0; i < 60; i++) {
                big.insertOne(new Document("_id", "d" + i).append("name", "big " + i).append("body", megabyte));
            }
            for (int i = 0; i < 3000; i++) {
                client.getDatabase("traceloom").getCollection("small").insertOne(new Document("_id", "s" + i)
                        .append("name", "small " + i));
            }
        }
        saved("build-a", "event-7").save(uri);

        String fresh = newServer();
        SavedReadModels again = saved("build-a", "event-7");
        again.restore(fresh);

        assertThat(again.restored()).hasValueSatisfying(restored -> assertThat(restored.documents()).isEqualTo(3060));
        assertThat(names(fresh, "big")).hasSize(60).contains("big 0", "big 59");
        assertThat(names(fresh, "small")).hasSize(3000);
        try (MongoClient client = MongoClients.create(fresh)) {
            var big = client.getDatabase("traceloom").getCollection("big");
            Document last = big.find(new Document("_id", "d59")).first();
            assertThat(last).isNotNull();
            assertThat(last.getString("body")).isEqualTo(megabyte);
            assertThat(big.countDocuments()).as("the server's own queries still see every document").isEqualTo(60);
            assertThat(big.updateMany(new Document(), new Document("$set", new Document("name", "updated")))
                    .getModifiedCount()).isEqualTo(60);
        }
    }

    /** Another build may map documents otherwise; another store's events made other read models. */
    @ParameterizedTest(name = "saved by build-a at event-7, started as {0} at {1}")
    @CsvSource({"build-b, event-7", "build-a, another event"})
    void readModelsOfAnotherBuildOrStoreAreNotPutBackAndTheFileGoes(String build, String eventAtTheSavedHead) {
        saved("build-a", "event-7").save(serverWithReadModels());

        String fresh = newServer();
        SavedReadModels other = saved(build, eventAtTheSavedHead);
        other.restore(fresh);

        assertThat(other.restored()).isEmpty();
        assertThat(names(fresh, "things")).isEmpty();
        assertThat(directory.resolve(SavedReadModels.FILE)).doesNotExist();
    }
}
