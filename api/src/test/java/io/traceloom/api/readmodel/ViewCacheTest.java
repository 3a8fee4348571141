package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.traceloom.api.settings.ApiProperties;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** What the cache of views keeps, and which writes make it ask again. */
class ViewCacheTest {

    private static final String THINGS = "db.things";

    private final Positions positions = new Positions();
    private final ReadModelCommands commands = new ReadModelCommands();
    private final AtomicInteger loads = new AtomicInteger();

    private record FindThing(String tenantId, String id) {
    }

    /** A query that reads the document {@code id} of {@code things}, and finds {@code view} there. */
    private Supplier<Optional<String>> load(String id, String view) {
        return load(document(id), view);
    }

    private Supplier<Optional<String>> load(Touched reads, String view) {
        return () -> {
            loads.incrementAndGet();
            commands.read(reads);
            return Optional.ofNullable(view);
        };
    }

    private static Touched document(String id) {
        return Touched.documents(Touched.document(THINGS, "s" + id));
    }

    private static Touched collection(String namespace) {
        return Touched.collections(namespace);
    }

    private Optional<String> find(ViewCache cache, String id, String view) {
        return cache.answer(new FindThing("t", id), load(id, view), Optional::isPresent);
    }

    @Test
    void theSameQueryIsAnsweredWithoutAskingAgainUntilWhatItReadIsWritten() {
        ViewCache cache = cache(10);

        assertThat(find(cache, "1", "one")).contains("one");
        assertThat(find(cache, "1", "changed")).contains("one");
        assertThat(loads).hasValue(1);

        commands.written(document("1"));
        assertThat(find(cache, "1", "changed")).contains("changed");
        assertThat(loads).hasValue(2);
    }

    /** The cache forgot every view at each move of any projection: nothing was kept while writes ran (issue 29). */
    @Test
    void writesOfOtherDocumentsLeaveAViewInPlace() {
        ViewCache cache = cache(10);
        find(cache, "1", "one");
        find(cache, "2", "two");

        commands.written(document("3"));
        commands.written(Touched.documents(Touched.document("db.others", "s1")));
        commands.written(collection("db.others"));

        assertThat(find(cache, "1", "one, changed")).contains("one");
        assertThat(find(cache, "2", "two, changed")).contains("two");
        assertThat(loads).hasValue(2);
    }

    @Test
    void aWriteOfAWholeCollectionForgetsEveryViewThatReadInIt() {
        ViewCache cache = cache(10);
        find(cache, "1", "one");
        cache.answer(new FindThing("t", "list"), load(collection(THINGS), "all of them"), Optional::isPresent);

        commands.written(document("2"));
        assertThat(cache.answer(new FindThing("t", "list"), load(collection(THINGS), "all, since"), Optional::isPresent))
                .as("a view that read the whole collection goes with any of its documents").contains("all, since");
        assertThat(find(cache, "1", "one, changed")).contains("one");

        commands.written(collection(THINGS));
        assertThat(find(cache, "1", "one, changed")).contains("one, changed");
    }

    @Test
    void aWriteOfEverythingForgetsEveryView() {
        ViewCache cache = cache(10);
        find(cache, "1", "one");

        commands.written(Touched.EVERYTHING);

        assertThat(find(cache, "1", "one, changed")).contains("one, changed");
    }

    /**
     * A read that began before a write of what it reads, and ended after MongoDB answered the write, may hold what
     * was there before: it is not kept, or the write would never be read back.
     */
    @Test
    void aViewReadWhileItsDocumentWasWrittenIsNotKept() {
        ViewCache cache = cache(10);
        Supplier<Optional<String>> racing = () -> {
            loads.incrementAndGet();
            commands.read(document("1"));
            commands.written(document("1")); // answered while this read was under way
            return Optional.of("one, as it was");
        };

        assertThat(cache.answer(new FindThing("t", "1"), racing, Optional::isPresent)).contains("one, as it was");
        assertThat(find(cache, "1", "one, written")).contains("one, written");
        assertThat(find(cache, "1", "one, again")).contains("one, written");
    }

    @Test
    void aReadThatBeganBeforeEveryWriteRememberedIsNotKept() {
        ViewCache cache = cache(10);
        Supplier<Optional<String>> slow = () -> {
            loads.incrementAndGet();
            commands.read(document("1"));
            for (int i = 0; i <= ViewCache.RECENT; i++) {
                commands.written(document("other " + i));
            }
            return Optional.of("one");
        };

        cache.answer(new FindThing("t", "1"), slow, Optional::isPresent);

        assertThat(cache.size()).isZero();
    }

    /**
     * The writes remembered for that check are a projection's batches, each of up to a few hundred documents: kept
     * one by one, the last 1,024 of them held, by estimate, some 30 MB of a 256 MB heap under writes. They are
     * bounded by the documents they name, and each is remembered whole, so a read overlapping a batch of other
     * documents of its collection is still kept: under writes, new reads fill the cache.
     */
    @Test
    void theRememberedWritesAreBoundedByTheirDocumentsAndStillTellThemApart() {
        ViewCache cache = cache(10);
        for (int i = 0; i < ViewCache.RECENT; i++) {
            commands.written(batch(i, 300));
        }
        assertThat(cache.rememberedDocuments()).isLessThanOrEqualTo(ViewCache.REMEMBERED_DOCUMENTS);

        Supplier<Optional<String>> besideABatch = () -> {
            loads.incrementAndGet();
            commands.read(document("1"));
            commands.written(batch(ViewCache.RECENT, 300));
            return Optional.of("one");
        };
        cache.answer(new FindThing("t", "1"), besideABatch, Optional::isPresent);
        assertThat(cache.size()).as("a read of a document the batch did not write, kept").isOne();

        Supplier<Optional<String>> inABatch = () -> {
            loads.incrementAndGet();
            commands.read(document("2"));
            commands.written(Touched.of(Set.of(Touched.document(THINGS, "s2"), Touched.document(THINGS, "sb0-0")),
                    Set.of()));
            commands.written(batch(ViewCache.RECENT + 1, 300));
            return Optional.of("two");
        };
        cache.answer(new FindThing("t", "2"), inABatch, Optional::isPresent);
        assertThat(cache.size()).as("a read of a document a write under way wrote, not kept").isOne();
    }

    private static Touched batch(int number, int documents) {
        return Touched.of(IntStream.range(0, documents).mapToObj(i -> Touched.document(THINGS, "sb" + number + "-" + i))
                .collect(Collectors.toSet()), Set.of());
    }

    @Test
    void aQueryThatReadNothingHereOrMayHaveReadAnythingIsNotKept() {
        ViewCache cache = cache(10);
        cache.answer(new FindThing("t", "1"), load(Touched.NOTHING, "from elsewhere"), Optional::isPresent);
        cache.answer(new FindThing("t", "2"), load(Touched.EVERYTHING, "from anywhere"), Optional::isPresent);

        assertThat(cache.size()).isZero();
    }

    @Test
    void anotherTenantsQueryIsAnotherKey() {
        ViewCache cache = cache(10);
        cache.answer(new FindThing("t", "1"), load("1", "t's"), Optional::isPresent);

        assertThat(cache.answer(new FindThing("u", "1"), load("u1", null), Optional::isPresent)).isEmpty();
    }

    @Test
    void noneIsNotKept() {
        ViewCache cache = cache(10);
        find(cache, "1", null);

        assertThat(find(cache, "1", "created since")).contains("created since");
    }

    @Test
    void whereOtherProcessesWriteEveryReadAsks() {
        positions.writesHere = false; // the token store's positions: the projections run elsewhere
        ViewCache cache = cache(10);

        find(cache, "1", "one");
        find(cache, "1", "one");

        assertThat(loads).hasValue(2);
    }

    /**
     * Reads from a secondary, or with the majority read concern, may not yet see a write MongoDB has answered: a view
     * read so would be kept stale.
     */
    @Test
    void onlyWhereAReadSeesEveryAnsweredWriteIsAnythingKept() {
        try (MongoClient client = MongoClients.create("mongodb://127.0.0.1:1/db")) {
            MongoDatabase database = client.getDatabase("db");
            assertThat(ViewCache.readsWhatItWrote(database)).isTrue();
            assertThat(ViewCache.readsWhatItWrote(database.withReadPreference(ReadPreference.secondaryPreferred())))
                    .isFalse();
            assertThat(ViewCache.readsWhatItWrote(database.withReadConcern(ReadConcern.MAJORITY))).isFalse();
            assertThat(ViewCache.readsWhatItWrote(database.withWriteConcern(WriteConcern.UNACKNOWLEDGED))).isFalse();
        }
        ApiProperties properties = new Binder(new MapConfigurationPropertySource(
                Map.of("traceloom.read-models.view-cache-size", "10"))).bindOrCreate("traceloom", ApiProperties.class);
        ViewCache cache = new ViewCache(positions, commands, properties, Long.MAX_VALUE, false);
        find(cache, "1", "one");
        assertThat(cache.size()).isZero();
    }

    @Test
    void sizeZeroKeepsNothingAndAFullCacheLetsItsOldestGo() {
        ViewCache none = cache(0);
        find(none, "1", "one");
        find(none, "1", "one");
        assertThat(loads).hasValue(2);

        ViewCache two = cache(2);
        for (String id : List.of("1", "2", "3", "3")) {
            find(two, id, id);
        }
        assertThat(loads).as("the third view was kept in the first's place").hasValue(2 + 3);
        find(two, "2", "2");
        assertThat(loads).as("the second still is").hasValue(5);
        find(two, "1", "1");
        assertThat(loads).as("the first is not").hasValue(6);
        assertThat(two.size()).isEqualTo(2);
    }

    /**
     * Views are kept while they weigh no more than the cache's share of the heap together: a render's view is 2 MB,
     * and one client reading 10,000 of them kept 20 GB.
     */
    @Test
    void viewsAreKeptOnlyWhileTheyWeighNoMoreThanTheCacheMayTogether() {
        String large = "x".repeat(3_000); // 6,056 bytes as estimated, in its Optional
        ViewCache cache = cache(10, 10_000);

        find(cache, "1", large);
        find(cache, "2", large);
        assertThat(cache.size()).as("the second in the first's place").isEqualTo(1);
        find(cache, "2", large);
        assertThat(loads).hasValue(2);

        find(cache, "3", "x".repeat(6_000));
        find(cache, "3", "x".repeat(6_000));
        assertThat(loads).as("heavier than the whole: never kept").hasValue(4);
        find(cache, "2", large);
        assertThat(loads).as("and the lighter one left in place").hasValue(4);
    }

    private ViewCache cache(int size) {
        return cache(size, Long.MAX_VALUE);
    }

    private ViewCache cache(int size, long maxWeight) {
        ApiProperties properties = new Binder(new MapConfigurationPropertySource(
                Map.of("traceloom.read-models.view-cache-size", String.valueOf(size))))
                .bindOrCreate("traceloom", ApiProperties.class);
        return new ViewCache(positions, commands, properties, maxWeight, true);
    }

    private static final class Positions implements ProjectionPositions {
        boolean writesHere = true;

        @Override
        public boolean writesHere() {
            return writesHere;
        }

        @Override
        public Map<String, Tracked> current() {
            return Map.of();
        }

        @Override
        public long changes() {
            return 0;
        }

        @Override
        public void awaitChangeAfter(long seen, long nanos) {
        }
    }
}
