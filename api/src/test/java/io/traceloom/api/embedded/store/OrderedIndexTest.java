package io.traceloom.api.embedded.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.DefaultQueryMatcher;
import de.bwaldvogel.mongo.backend.DocumentComparator;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.QueryMatcher;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index must give exactly what mongo-java-server's own way gives (filter every document with its matcher, sort
 * with its comparator), for the values read models hold and the odd ones beside them, or refuse to serve.
 */
class OrderedIndexTest {

    private static final QueryMatcher MATCHER = new DefaultQueryMatcher();

    /** Values of mixed types, equal ones among them, in no order: the comparator and the index must agree. */
    private static final List<Object> VALUES = List.of(
            -3, 0, 2, 7, 7L, -5L, 3_000_000_000L, -3_000_000_000L, 1L << 53, -(1L << 53), (short) 2, (byte) -1,
            -0.0, 0.0, 1.5, -2.25, 7.0, 2.5f, 3e9, 1e15, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            "", "a", "ab", "b", "B", "\u0000", "a\u0000", "a\u0001", "a\u0002", "a\u0003", "\uFFFF", "\uFFFE",
            "\uFFFD", "é", "\uD83D\uDE00", "a\uFFFF",
            Instant.EPOCH, Instant.ofEpochSecond(-1, 999_999_999), Instant.ofEpochSecond(-1), Instant.ofEpochSecond(0, 1),
            Instant.parse("2026-11-27T17:00:00Z"), Instant.parse("2026-11-27T17:00:00.000000001Z"),
            true, false,
            UUID.fromString("00000000-0000-0000-0000-000000000001"), UUID.fromString("ffffffff-0000-0000-0000-000000000000"),
            UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff"),
            new ObjectId("000000000000000000000001"), new ObjectId("ff0000000000000000000000"),
            new ObjectId("7f0000000000000000000000"));

    private static final Object MISSING = new Object();

    private final List<MVStore> stores = new ArrayList<>();

    @AfterEach
    void closeStores() {
        stores.forEach(MVStore::close);
    }

    @Test
    void aWalkGivesWhatTheMatcherAndTheComparatorGive() {
        for (int seed = 1; seed <= 12; seed++) {
            Random random = new Random(seed);
            for (List<IndexKey> keys : List.of(
                    keys("tenantId", 1, "f", 1, "_id", 1),
                    keys("tenantId", 1, "f", -1, "_id", -1),
                    keys("tenantId", -1, "f", 1, "g", -1, "_id", 1))) {
                Map<Object, Document> documents = documents(random, 300);
                OrderedIndex index = index(keys, documents.values());
                assertAgrees(index, keys, documents, random);

                List<Object> ids = new ArrayList<>(documents.keySet());
                Collections.shuffle(ids, random);
                for (Object id : ids.subList(0, 100)) {
                    assertThat(index.remove(documents.remove(id))).isEqualTo(id);
                }
                for (Object id : ids.subList(100, 200)) {
                    Document updated = document(random, id);
                    index.updateInPlace(documents.get(id), updated, id, null);
                    documents.put(id, updated);
                }
                assertAgrees(index, keys, documents, random);
            }
        }
    }

    @Test
    void anOrderOfFewerFieldsIsServedTooAndItsTiesComeInTheIndexOrder() {
        Random random = new Random(42);
        Map<Object, Document> documents = documents(random, 300);
        OrderedIndex index = index(keys("tenantId", 1, "f", -1, "_id", 1), documents.values());
        Document query = new Document("tenantId", "a");
        Document orderBy = new Document("f", 1);

        List<Document> walked = walk(index.scan(query, orderBy)).stream().map(documents::get).toList();

        assertThat(walked).isSortedAccordingTo(new DocumentComparator(orderBy));
        assertThat(walked).containsExactlyInAnyOrderElementsOf(
                documents.values().stream().filter(d -> MATCHER.matches(d, query)).toList());
        assertThat(walk(index.scan(query, new Document()))).isEqualTo(walk(index.scan(query, null)))
                .isEqualTo(walk(index.scan(query, new Document("tenantId", -1).append("f", -1))));
    }

    @Test
    void anOrderTheIndexDoesNotHaveIsRefused() {
        OrderedIndex index = index(keys("tenantId", 1, "createdAt", 1, "_id", 1), documents(new Random(1), 20).values());
        Document tenant = new Document("tenantId", "a");

        assertThat(index.scan(tenant, new Document("createdAt", 1).append("_id", -1))).isNull();
        assertThat(index.scan(tenant, new Document("_id", 1))).isNull();
        assertThat(index.scan(tenant, new Document("createdAt", 1).append("_id", 1).append("name", 1))).isNull();
        assertThat(index.scan(tenant, new Document("$natural", -1))).isNull();
        assertThat(index.scan(new Document("tenantId", new Document("$in", List.of("a"))), new Document("createdAt", 1)))
                .as("an $in is no equality").isNull();
        assertThat(index.scan(new Document("tenantId", null), new Document("createdAt", 1)))
                .as("null also matches a missing field or an array holding null").isNull();
        assertThat(index.scan(new Document("createdAt", Instant.EPOCH), new Document("_id", 1)))
                .as("equality on a field that does not lead").isNull();
    }

    @Test
    void aScanSaysWhetherItCoversTheQuery() {
        Random random = new Random(7);
        Map<Object, Document> documents = documents(random, 200);
        List<IndexKey> keys = keys("tenantId", 1, "f", 1, "_id", 1);
        OrderedIndex index = index(keys, documents.values());
        Document orderBy = new Document("tenantId", 1).append("f", 1).append("_id", 1);

        assertThat(index.scan(new Document("tenantId", "a"), orderBy).coversQuery()).isTrue();
        assertThat(index.scan(new Document("tenantId", new Document("$eq", "a")), orderBy).coversQuery()).isTrue();
        assertThat(index.scan(new Document("tenantId", "a").append("f", 7), orderBy).coversQuery()).isTrue();
        for (Document query : List.of(new Document("tenantId", "a").append("g", "b"),
                new Document("tenantId", new Document("$gt", "a")),
                new Document("tenantId", "a").append("_id", new Document("$ne", "id-3")),
                new Document("$or", List.of(new Document("tenantId", "a"), new Document("tenantId", "b"))))) {
            OrderedIndex.Scan scan = index.scan(query, orderBy);
            assertThat(scan.coversQuery()).as("%s", query).isFalse();
            assertThat(walk(scan).stream().map(documents::get).filter(d -> MATCHER.matches(d, query)).map(d -> d.get("_id")))
                    .as("%s", query).containsExactlyElementsOf(expected(documents, query, orderBy));
        }
    }

    @Test
    void anArrayOrASubDocumentOrAValueOfUncertainOrderStopsTheIndexFromServingUntilItIsGone() {
        List<IndexKey> keys = keys("tenantId", 1, "f", 1, "_id", 1);
        Map<Object, Document> documents = documents(new Random(3), 50);
        OrderedIndex index = index(keys, documents.values());
        Document tenant = new Document("tenantId", "a");
        Document orderBy = new Document("f", 1).append("_id", 1);
        long served = index.count(tenant);

        for (Object odd : List.of(List.of(1, 2), List.of(), new Document("x", 1), new Date(0), Double.NaN,
                Long.MAX_VALUE, (1L << 53) + 1, 3e9 + 0.5, new java.math.BigDecimal("1"))) {
            Document document = new Document("_id", "odd").append("tenantId", "a").append("f", odd);
            index.add(document, "odd", null);

            assertThat(index.isOrdered()).as("%s", odd).isFalse();
            assertThat(index.scan(tenant, orderBy)).isNull();
            assertThat(index.count(tenant)).isEqualTo(-1);
            assertThat(index.canHandle(new Document("tenantId", "a").append("f", 7).append("_id", "x"))).isFalse();
            assertThat(index.getCount()).isEqualTo(documents.size() + 1);

            assertThat(index.remove(document)).isEqualTo("odd");
            assertThat(index.isOrdered()).isTrue();
            assertThat(index.count(tenant)).isEqualTo(served);
        }

        Document nested = new Document("_id", "nested").append("tenantId", "a")
                .append("f", List.of(new Document("id", 1)));
        OrderedIndex byTag = index(keys("tenantId", 1, "f.id", 1), List.of(nested));
        assertThat(byTag.isOrdered()).as("a path through an array").isFalse();
        assertThat(byTag.isEmpty()).as("nothing to rebuild at the next start").isFalse();
        byTag.updateInPlace(nested, new Document(nested).append("f", new Document("id", 1)), "nested", null);
        assertThat(byTag.isOrdered()).isTrue();
        assertThat(byTag.count(new Document("tenantId", "a").append("f.id", 1.0))).isEqualTo(1);
    }

    @Test
    void equalityOnAllTheFieldsIsHandledAsMongoJavaServerAsksIndexes() {
        Map<Object, Document> documents = documents(new Random(5), 100);
        OrderedIndex index = index(keys("tenantId", 1, "f", -1), documents.values());
        Document some = documents.values().stream()
                .filter(d -> d.get("tenantId") instanceof String && d.get("f") instanceof String).findFirst().orElseThrow();
        Document query = new Document("tenantId", some.get("tenantId")).append("f", some.get("f"));

        assertThat(index.canHandle(query)).isTrue();
        assertThat(index.getPositions(query)).containsExactlyElementsOf(expected(documents, query, new Document("_id", 1)));
        assertThat(index.getPosition(some)).isEqualTo(some.get("_id"));
        assertThat(index.canHandle(new Document("tenantId", "a"))).isFalse();
        assertThat(index.canHandle(new Document(query).append("g", 1))).isFalse();
    }

    @Test
    void theIndexIsInItsStoreAtTheNextOpeningAndEmptiesWhenDropped(@TempDir Path dir) {
        String file = dir.resolve("read-models.mv").toString();
        List<IndexKey> keys = keys("tenantId", 1, "f", 1, "_id", 1);
        Map<Object, Document> documents = documents(new Random(9), 200);
        Document query = new Document("tenantId", "b");
        Document orderBy = new Document("f", -1).append("_id", -1);
        MVStore first = MVStore.open(file);
        OrderedIndex written = new OrderedIndex("i", keys, false, first.openMap("i"));
        documents.values().forEach(d -> written.add(d, d.get("_id"), null));
        first.close();

        MVStore second = open(file);
        OrderedIndex read = new OrderedIndex("i", keys, false, second.openMap("i"));
        assertThat(read.isEmpty()).isFalse();
        assertThat(read.getCount()).isEqualTo(documents.size());
        assertThat(walk(read.scan(query, orderBy))).containsExactlyElementsOf(expected(documents, query, orderBy));

        read.drop();
        assertThat(read.isEmpty()).isTrue();
        assertThat(read.count(query)).isZero();
    }

    @Test
    void throughTheWireProtocolAPageMongoJavaServerSortsIsThePageOfTheWalk() {
        OrderedH2Backend backend = new OrderedH2Backend(MVStore.open(null));
        MongoServer server = new MongoServer(backend);
        try (MongoClient client = MongoClients.create(server.bindAndGetConnectionString())) {
            MongoCollection<org.bson.Document> credentials = client.getDatabase("traceloom").getCollection("credentials");
            credentials.createIndex(Indexes.compoundIndex(Indexes.ascending("tenantId"), Indexes.descending("issuedAt", "_id")));
            Random random = new Random(11);
            List<org.bson.Document> inserted = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                inserted.add(new org.bson.Document("_id", "c-" + i).append("tenantId", random.nextBoolean() ? "a" : "b")
                        .append("issuedAt", new Date(random.nextInt(50) * 1000L)));
            }
            credentials.insertMany(inserted);
            OrderedIndex index = backend.opened.get(0);
            assertSamePages(credentials, index);

            credentials.deleteMany(Filters.in("_id", "c-1", "c-2", "c-3", "c-50", "c-299"));
            credentials.updateMany(Filters.lt("issuedAt", new Date(10_000)), Updates.set("issuedAt", new Date(99_000)));
            credentials.updateMany(Filters.eq("_id", "c-7"), Updates.set("tenantId", List.of("a", "b")));
            assertThat(index.isOrdered()).isFalse();
            credentials.deleteOne(Filters.eq("_id", "c-7"));
            assertSamePages(credentials, index);

            org.bson.Document one = credentials.find(Filters.eq("_id", "c-8")).first();
            assertThat(credentials.find(Filters.and(Filters.eq("tenantId", one.get("tenantId")),
                    Filters.eq("issuedAt", one.get("issuedAt")), Filters.eq("_id", "c-8"))))
                    .as("found through getPositions").containsExactly(one);
        } finally {
            server.shutdownNow();
        }
    }

    private static void assertSamePages(MongoCollection<org.bson.Document> credentials, OrderedIndex index) {
        for (String tenant : List.of("a", "b")) {
            Document query = new Document("tenantId", tenant);
            for (int sign : List.of(-1, 1)) {
                Document orderBy = new Document("issuedAt", sign).append("_id", sign);
                List<Object> found = credentials.find(Filters.eq("tenantId", tenant))
                        .sort(sign < 0 ? Sorts.descending("issuedAt", "_id") : Sorts.ascending("issuedAt", "_id"))
                        .skip(20).limit(25).map(d -> d.get("_id")).into(new ArrayList<>());
                assertThat(found).hasSize(25);
                assertThat(walk(index.scan(query, orderBy)).subList(20, 45)).isEqualTo(found);
            }
            assertThat(index.count(query)).isEqualTo(credentials.countDocuments(Filters.eq("tenantId", tenant)));
        }
    }

    /** mongo-java-server's H2 backend with this index for the non-unique indexes it would ignore. */
    private static final class OrderedH2Backend extends H2Backend {

        private final List<OrderedIndex> opened = new CopyOnWriteArrayList<>();

        OrderedH2Backend(MVStore store) {
            super(store);
        }

        @Override
        protected MongoDatabase openOrCreateDatabase(String databaseName) {
            return new H2Database(databaseName, getMvStore(), getCursorRegistry()) {
                @Override
                protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName,
                        List<IndexKey> keys, boolean sparse) {
                    String mapName = getFullCollectionNamespace(collectionName) + "._ordered_" + indexName;
                    OrderedIndex index = new OrderedIndex(indexName, keys, sparse, getMvStore().openMap(mapName));
                    opened.add(index);
                    return index;
                }
            };
        }
    }

    private void assertAgrees(OrderedIndex index, List<IndexKey> keys, Map<Object, Document> documents, Random random) {
        List<Document> queries = new ArrayList<>(List.of(new Document(), new Document("tenantId", "a"),
                new Document("tenantId", new Document("$eq", "b")), new Document("tenantId", 7L)));
        for (int i = 0; i < 5; i++) {
            queries.add(new Document("tenantId", "a").append(keys.get(1).getKey(), pickValue(random)));
        }
        for (Document query : queries) {
            int fixed = query.size();
            Document forward = new Document();
            Document backward = new Document();
            for (IndexKey key : keys.subList(fixed, keys.size())) {
                forward.append(key.getKey(), key.isAscending() ? 1 : -1);
                backward.append(key.getKey(), key.isAscending() ? -1.0 : 1.0);
            }
            for (Document orderBy : List.of(forward, backward)) {
                List<Object> expected = expected(documents, query, orderBy);
                assertThat(walk(index.scan(query, orderBy))).as("%s %s %s", keys, query, orderBy)
                        .containsExactlyElementsOf(expected);
                assertThat(index.count(query)).as("%s %s", keys, query).isEqualTo(expected.size());
            }
        }
        assertThat(index.getCount()).isEqualTo(documents.size());
    }

    private static List<Object> expected(Map<Object, Document> documents, Document query, Document orderBy) {
        return documents.values().stream()
                .filter(d -> MATCHER.matches(d, query))
                .sorted(new DocumentComparator(orderBy))
                .map(d -> d.get("_id"))
                .toList();
    }

    private static List<Object> walk(OrderedIndex.Scan scan) {
        assertThat(scan).isNotNull();
        return StreamSupport.stream(scan.positions().spliterator(), false).toList();
    }

    private OrderedIndex index(List<IndexKey> keys, Iterable<Document> documents) {
        OrderedIndex index = new OrderedIndex("i", keys, false, open(null).openMap("i"));
        documents.forEach(d -> index.add(d, d.get("_id"), null));
        return index;
    }

    private MVStore open(String file) {
        MVStore store = MVStore.open(file);
        stores.add(store);
        return store;
    }

    /** Documents keyed by their {@code _id}s, which are of several types too. */
    private static Map<Object, Document> documents(Random random, int count) {
        Map<Object, Document> documents = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            Object id = switch (i % 3) {
                case 0 -> "id-" + i;
                case 1 -> i;
                default -> new ObjectId(String.format("%024x", i * 7919L));
            };
            documents.put(id, document(random, id));
        }
        return documents;
    }

    private static Document document(Random random, Object id) {
        Document document = new Document("_id", id);
        putUnlessMissing(document, "tenantId", List.of("a", "b", "a", "b", 7L, MISSING, "").get(random.nextInt(7)));
        putUnlessMissing(document, "f", pick(random));
        putUnlessMissing(document, "g", pick(random));
        return document;
    }

    /** A value, null or missing, with a fair chance of one already taken. */
    private static Object pick(Random random) {
        int n = random.nextInt(VALUES.size() + 4);
        return n < VALUES.size() ? VALUES.get(n) : n == VALUES.size() ? null : n == VALUES.size() + 1 ? MISSING : "a";
    }

    private static Object pickValue(Random random) {
        Object value = pick(random);
        return value == null || value == MISSING ? pickValue(random) : value;
    }

    private static void putUnlessMissing(Document document, String field, Object value) {
        if (value != MISSING) {
            document.put(field, value);
        }
    }

    private static List<IndexKey> keys(Object... fieldsAndDirections) {
        List<IndexKey> keys = new ArrayList<>();
        for (int i = 0; i < fieldsAndDirections.length; i += 2) {
            keys.add(new IndexKey((String) fieldsAndDirections[i], (int) fieldsAndDirections[i + 1] > 0));
        }
        return keys;
    }
}
