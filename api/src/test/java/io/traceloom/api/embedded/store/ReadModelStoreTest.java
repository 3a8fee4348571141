package io.traceloom.api.embedded.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.RenameCollectionOptions;
import com.mongodb.client.model.Sorts;
import de.bwaldvogel.mongo.MongoServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded default's store of read models, through the MongoDB wire protocol: what a version holds after a
 * crash, what moves with a renamed collection, which files it does not use, and answers larger than a message.
 */
class ReadModelStoreTest {

    @TempDir
    Path directory;

    private final List<MongoServer> servers = new ArrayList<>();
    private final List<MongoClient> clients = new ArrayList<>();
    private final AtomicReference<Map<String, String>> stamp = new AtomicReference<>(Map.of("build", "a"));

    @AfterEach
    void tearDown() {
        clients.forEach(MongoClient::close);
        servers.forEach(MongoServer::shutdownNow);
    }

    private Path file() {
        return directory.resolve("read-models").resolve("traceloom.mv.db");
    }

    private ReadModelStore open(Path file) {
        return open(file, 1000);
    }

    private ReadModelStore open(Path file, int retentionMillis) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return ReadModelStore.open(file, file.toString(), 8, found -> found.equals(stamp.get()) ? Optional.empty()
                : Optional.of("stamped " + found), Stamp.of(() -> Optional.of(stamp.get())), retentionMillis);
    }

    private MongoDatabase served(ReadModelStore store) {
        MongoServer server = new MongoServer(store);
        servers.add(server);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.bind().getPort());
        clients.add(client);
        return client.getDatabase("traceloom");
    }

    private static List<String> ids(MongoDatabase database, String collection) {
        List<String> ids = new ArrayList<>();
        database.getCollection(collection).find().sort(Sorts.ascending("_id"))
                .forEach(document -> ids.add(document.getString("_id")));
        return ids;
    }

    /** A kill -9 leaves the file as the last version wrote it: copied while the store is open, it is that. */
    @Test
    void aCrashLeavesTheLastVersionWholeAndNothingWrittenAfterIt() throws IOException {
        ReadModelStore store = open(file());
        MongoDatabase database = served(store);
        database.getCollection("things").insertOne(new Document("_id", "committed"));
        database.getCollection("tokens").insertOne(new Document("_id", "token").append("position", 1));
        assertThat(store.writeVersion()).isTrue();
        database.getCollection("things").insertOne(new Document("_id", "after the version"));
        database.getCollection("tokens").updateOne(new Document("_id", "token"),
                new Document("$set", new Document("position", 2)));

        Path crashed = directory.resolve("crashed").resolve("traceloom.mv.db");
        Files.createDirectories(crashed.getParent());
        Files.copy(file(), crashed);

        MongoDatabase after = served(open(crashed));
        assertThat(ids(after, "things")).containsExactly("committed");
        assertThat(after.getCollection("tokens").find().first()).containsEntry("position", 1);
    }

    @Test
    void aCleanCloseKeepsEverythingForTheNextOpen() {
        MongoServer server = new MongoServer(open(file()));
        MongoDatabase database;
        try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.bind().getPort())) {
            database = client.getDatabase("traceloom");
            for (int i = 0; i < 1000; i++) {
                database.getCollection("things").insertOne(new Document("_id", "t" + i).append("n", i));
            }
        }
        server.shutdownNow();

        assertThat(served(open(file())).getCollection("things").countDocuments()).isEqualTo(1000);
    }

    /**
     * A rebuild fills {@code things_rebuild} and renames it over {@code things}; the next rebuild creates
     * {@code things_rebuild} again. mongo-java-server's H2 backend left the renamed collection's index under the
     * old name, where the next {@code things_rebuild} found it as its own: its first insert was refused as a
     * duplicate, and the live collection's index and the new one's were one.
     */
    @Test
    void aRenamedCollectionTakesItsIndexesAlongAndTheOldNameStartsEmpty() {
        ReadModelStore store = open(file());
        MongoDatabase database = served(store);
        for (int rebuild = 1; rebuild <= 3; rebuild++) {
            var next = database.getCollection("things_rebuild");
            next.createIndex(Indexes.ascending("code"), new IndexOptions().unique(true).name("by_code"));
            next.insertOne(new Document("_id", "r" + rebuild).append("code", "A"));
            next.renameCollection(new com.mongodb.MongoNamespace("traceloom", "things"),
                    new RenameCollectionOptions().dropTarget(true));
            assertThat(ids(database, "things")).containsExactly("r" + rebuild);
        }
        assertThat(store.writeVersion()).isTrue();
        servers.forEach(MongoServer::shutdownNow);
        servers.clear();

        MongoDatabase reopened = served(open(file()));
        assertThat(ids(reopened, "things")).containsExactly("r3");
        assertThat(reopened.getCollection("things").find(new Document("code", "A")).first()).containsEntry("_id", "r3");
        assertThatCode(() -> reopened.getCollection("things_rebuild").insertOne(new Document("code", "A")))
                .doesNotThrowAnyException();
    }

    @Test
    void aFileStampedOtherwiseIsNotUsed() {
        MongoServer server = new MongoServer(open(file()));
        try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.bind().getPort())) {
            client.getDatabase("traceloom").getCollection("things").insertOne(new Document("_id", "old build"));
        }
        server.shutdownNow();

        stamp.set(Map.of("build", "b"));
        assertThat(ids(served(open(file())), "things")).isEmpty();
    }

    @Test
    void aFileThatCannotBeReadIsSetAsideAndTheStoreStartsEmpty() throws IOException {
        Files.createDirectories(file().getParent());
        Files.write(file(), "not an MVStore file, whatever it once was".repeat(200).getBytes());

        MongoDatabase database = served(open(file()));
        database.getCollection("things").insertOne(new Document("_id", "new"));

        assertThat(ids(database, "things")).containsExactly("new");
        assertThat(file().resolveSibling("traceloom.mv.db.unreadable")).exists();
    }

    /**
     * A read model larger than one BSON message (16 MB), in documents of up to a megabyte: a client reads it
     * whole, in batches that each fit a message, and the server's own queries still see every document.
     */
    @Test
    void aCollectionLargerThanAMessageIsAnsweredInBatches() {
        MongoDatabase database = served(open(file()));
        String megabyte = "m".repeat(1024 * 1024);
        var big = database.getCollection("big");
        for (int i = 0; i < 60; i++) {
            big.insertOne(new Document("_id", "d" + i).append("body", megabyte));
        }

        assertThat(ids(database, "big")).hasSize(60);
        assertThat(big.find(new Document("_id", "d59")).first().getString("body")).isEqualTo(megabyte);
        assertThat(big.countDocuments()).isEqualTo(60);
        assertThat(big.updateMany(new Document(), new Document("$set", new Document("name", "updated")))
                .getModifiedCount()).isEqualTo(60);
    }

    /**
     * A tenant's list page through an ordered index: the page a sort of the whole collection gives, from the
     * index; counts from it too; other queries of the same collection as before.
     */
    @Test
    void pagesAndCountsThroughAnOrderedIndexAreWhatAFullSortGives() {
        MongoDatabase database = served(open(file()));
        var things = database.getCollection("things");
        things.createIndex(Indexes.ascending("tenantId", "createdAt", "_id"), new IndexOptions().name("tenant_oldest_first"));
        var random = new java.util.Random(29);
        List<Document> all = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            Document thing = new Document("_id", "t" + random.nextInt(1_000_000) + "-" + i)
                    .append("tenantId", "tenant-" + random.nextInt(3))
                    .append("createdAt", java.util.Date.from(java.time.Instant.ofEpochSecond(random.nextInt(50))))
                    .append("deleted", random.nextInt(4) == 0);
            all.add(thing);
        }
        things.insertMany(all);
        things.deleteMany(new Document("_id", all.get(7).get("_id")));
        things.updateOne(new Document("_id", all.get(8).get("_id")),
                new Document("$set", new Document("tenantId", "tenant-9")));
        var unindexed = database.getCollection("unindexed");
        unindexed.insertMany(things.find().into(new ArrayList<>()));

        for (Document filter : List.of(new Document("tenantId", "tenant-1"),
                new Document("tenantId", "tenant-2").append("deleted", false), new Document("tenantId", "nobody"))) {
            assertThat(things.countDocuments(filter)).isEqualTo(unindexed.countDocuments(filter));
            for (int skip : new int[] {0, 30, 190}) {
                for (var order : List.of(Sorts.ascending("createdAt", "_id"), Sorts.descending("createdAt", "_id"))) {
                    assertThat(things.find(filter).sort(order).skip(skip).limit(25).into(new ArrayList<>()))
                            .as("%s sorted by %s from %d", filter, order, skip)
                            .isEqualTo(unindexed.find(filter).sort(order).skip(skip).limit(25).into(new ArrayList<>()));
                }
            }
        }
        assertThat(things.countDocuments(new Document("deleted", true)))
                .isEqualTo(unindexed.countDocuments(new Document("deleted", true)));
        assertThat(things.countDocuments()).isEqualTo(599);
    }

    /**
     * Writes spread over many versions leave most of the file's chunks dead; the store's own housekeeping (H2's
     * thread is off) brings the file back near the size of the same documents written at once. Without it, the
     * file stayed at 8 times that.
     */
    @Test
    void onceWritesCalmDownTheFileComesBackNearItsData() throws IOException {
        ReadModelStore store = open(file(), 0);
        MongoDatabase database = served(store);
        String body = "b".repeat(800);
        for (int version = 0; version < 60; version++) {
            List<Document> batch = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                batch.add(new Document("_id", java.util.UUID.randomUUID().toString()).append("body", body));
            }
            database.getCollection("things").insertMany(batch);
            store.writeVersion();
        }
        // housekeeping, a step a call (a second apart in the service), until it is done
        for (int step = 0; step < 50 && store.writeVersion(); step++) {
            // the next step
        }

        Path once = directory.resolve("once").resolve("traceloom.mv.db");
        ReadModelStore fresh = open(once);
        served(fresh).getCollection("things").insertMany(database.getCollection("things").find().into(new ArrayList<>()));
        fresh.writeVersion();
        assertThat(store.fileSize()).isLessThan(3 * Files.size(once));
    }

    /**
     * A service that stays idle writes nothing: once a step of housekeeping leaves the file as it was, none is
     * tried again until something changes. A file of many small collections (what a new tenant makes) stays below
     * the fill rates housekeeping aims at, and each second brought the commands' lock and a forced write of the file
     * for nothing, for as long as the service ran. A second apart, as in the service.
     */
    @Test
    void anIdleStoreRestsOnceHousekeepingChangesNothing() throws InterruptedException {
        ReadModelStore store = open(file());
        MongoDatabase database = served(store);
        for (int collection = 0; collection < 30; collection++) {
            for (int i = 0; i < 5; i++) {
                database.getCollection("things" + collection)
                        .insertOne(new Document("_id", "thing" + i).append("body", "b".repeat(300)));
                store.writeVersion();
            }
            database.getCollection("things" + collection).createIndex(Indexes.ascending("body"));
            store.writeVersion();
        }
        int steps = 0;
        do {
            Thread.sleep(1100);
            assertThat(++steps).as("steps of housekeeping before it rests").isLessThan(10);
        } while (store.writeVersion());
        for (int second = 0; second < 3; second++) {
            Thread.sleep(1100);
            assertThat(store.writeVersion()).as("an idle store writes nothing").isFalse();
        }

        database.getCollection("things0").insertOne(new Document("_id", "later"));
        assertThat(store.writeVersion()).as("a change is written").isTrue();
        store.close();
        assertThat(ids(served(open(file())), "things0")).contains("later");
    }
}
