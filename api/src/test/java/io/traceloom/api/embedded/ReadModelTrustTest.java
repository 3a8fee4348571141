package io.traceloom.api.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import io.traceloom.api.embedded.store.Stamp;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.bson.Document;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/** When read models on disk are used at a start, and what a commit records: the rules, without a whole service. */
class ReadModelTrustTest {

    private JdbcTemplate events;
    private EventStoreLineage lineage;

    @BeforeEach
    void eventStore() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:trust-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        events = new JdbcTemplate(dataSource);
        events.execute("CREATE TABLE DomainEventEntry (globalIndex BIGINT PRIMARY KEY, eventIdentifier VARCHAR(64))");
        lineage = new EventStoreLineage(dataSource, EventSchema.builder().build());
    }

    private void append(long position, String identifier) {
        events.update("INSERT INTO DomainEventEntry VALUES (?, ?)", position, identifier);
    }

    /** What a commit records now: readied and read at once, as a commit with no command running does. */
    private static Optional<Map<String, String>> stamp(ReadModelTrust trust) {
        try (Stamp.Reading reading = trust.ready()) {
            return reading.read();
        }
    }

    private ReadModelTrust trust(String build) {
        return new ReadModelTrust(lineage, () -> build);
    }

    @Test
    void aStampOfTheSameBuildOverTheSameStoreIsTrustedAsTheStoreGrows() {
        append(0, "event-0");
        append(7, "event-7");
        Map<String, String> stamp = stamp(trust("build-a")).orElseThrow();
        assertThat(stamp).containsEntry("headPosition", "7").containsEntry("headEvent", "event-7");

        append(8, "event-8");
        assertThat(trust("build-a").untrusted(stamp)).isEmpty();
    }

    @Test
    void anotherBuildsReadModelsAreRebuilt() {
        append(7, "event-7");
        Map<String, String> stamp = stamp(trust("build-a")).orElseThrow();

        assertThat(trust("build-b").untrusted(stamp)).hasValueSatisfying(
                why -> assertThat(why).contains("another build"));
    }

    /** Another store, or an older copy of this one: the event at the stamped head is not the one stamped. */
    @Test
    void readModelsOfAnotherOrAnOlderEventStoreAreRebuilt() {
        append(7, "event-7");
        Map<String, String> stamp = new HashMap<>(stamp(trust("build-a")).orElseThrow());

        events.update("UPDATE DomainEventEntry SET eventIdentifier = 'another event' WHERE globalIndex = 7");
        assertThat(trust("build-a").untrusted(stamp)).hasValueSatisfying(
                why -> assertThat(why).contains("at position 7"));

        events.update("DELETE FROM DomainEventEntry");
        assertThat(trust("build-a").untrusted(stamp)).isPresent();
    }

    @Test
    void readModelsStampedBeforeTheFirstEventAreTrusted() {
        Map<String, String> stamp = stamp(trust("build-a")).orElseThrow();
        assertThat(stamp).doesNotContainKey("headPosition");

        append(0, "event-0");
        assertThat(trust("build-a").untrusted(stamp)).isEmpty();
    }

    /** The commit waits rather than record a stamp it cannot check later. */
    @Test
    void noStampWhenTheEventStoreCannotBeAsked() {
        events.execute("DROP TABLE DomainEventEntry");
        assertThat(stamp(trust("build-a"))).isEmpty();
    }

    @Test
    void aFileNeverCommittedWholeOrOfAnotherFormatIsNotUsed() {
        assertThat(trust("build-a").untrusted(Map.of())).isPresent();
        assertThat(trust("build-a").untrusted(Map.of("format", "0", "code", "build-a"))).isPresent();
    }

    @Test
    void withoutAnEventStoreToCheckAgainstNothingIsUsed() {
        ReadModelTrust blind = new ReadModelTrust(null, () -> "build-a");
        Map<String, String> stamp = stamp(blind).orElseThrow();
        assertThat(blind.untrusted(stamp)).isPresent();
    }

    /**
     * A command holds its event-store connection for its whole unit of work and may ask the read models meanwhile;
     * a commit asks the event store where it stands. The commit used to take the commands' lock first and wait for a
     * connection under it: with every connection held by commands waiting for that lock, nothing moved until the
     * pool gave up (30 s), and the service stalled for every tenant (a quick bench, at the credential rows).
     */
    @Test
    void aCommitWaitingForAnEventStoreConnectionHoldsNoCommandOfTheReadModels(@TempDir Path directory)
            throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:pool-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(3_000);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            new JdbcTemplate(pool).execute(
                    "CREATE TABLE DomainEventEntry (globalIndex BIGINT PRIMARY KEY, eventIdentifier VARCHAR(64))");
            ReadModelTrust trust = new ReadModelTrust(new EventStoreLineage(pool, EventSchema.builder().build()),
                    () -> "build-a");
            Path file = directory.resolve("traceloom.mv.db");
            ReadModelStore store = ReadModelStore.open(file, file.toString(), 8, trust::untrusted, trust);
            MongoServer server = new MongoServer(store);
            try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.bind().getPort())) {
                MongoDatabase readModels = client.getDatabase("traceloom");
                readModels.getCollection("items").insertOne(new Document("_id", "one"));

                CompletableFuture<Boolean> committed;
                try (Connection command = pool.getConnection()) { // a command's unit of work holds the only one
                    committed = CompletableFuture.supplyAsync(store::writeVersion);
                    while (pool.getHikariPoolMXBean().getThreadsAwaitingConnection() == 0) {
                        Thread.sleep(10);
                    }
                    // the command asks the read models while the commit waits for its connection
                    assertThat(readModels.getCollection("items").countDocuments()).isEqualTo(1);
                }
                assertThat(committed.get()).as("the commit, once the command gave its connection back").isTrue();
            } finally {
                server.shutdownNow();
            }
        }
    }
}
