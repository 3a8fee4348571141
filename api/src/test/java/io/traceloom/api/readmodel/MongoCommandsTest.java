package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** What a MongoDB command reads or writes, told from the command as the driver sends it. */
class MongoCommandsTest {

    private static Touched read(String command) {
        BsonDocument parsed = BsonDocument.parse(command);
        return MongoCommands.readBy(parsed.getFirstKey(), "db", parsed);
    }

    private static Touched written(String command) {
        BsonDocument parsed = BsonDocument.parse(command);
        return MongoCommands.writtenBy(parsed.getFirstKey(), "db", parsed);
    }

    private static Touched documents(String... keys) {
        return Touched.documents(keys);
    }

    private static Touched collection(String namespace) {
        return Touched.collections(namespace);
    }

    @Test
    void aFindByIdReadsOneDocumentWhateverElseItAsks() {
        assertThat(read("{find: 'items', filter: {_id: 'a', tenantId: 't'}, limit: 1}"))
                .isEqualTo(documents(Touched.document("db.items", "sa")));
        assertThat(read("{find: 'items', filter: {_id: {$eq: 7}}}"))
                .isEqualTo(documents(Touched.document("db.items", "n7")));
        assertThat(read("{find: 'items', filter: {_id: {$in: ['a', 'b']}}}"))
                .isEqualTo(documents(Touched.document("db.items", "sa"), Touched.document("db.items", "sb")));
    }

    @Test
    void anyOtherQueryReadsItsWholeCollection() {
        assertThat(read("{find: 'items', filter: {tenantId: 't'}}")).isEqualTo(collection("db.items"));
        assertThat(read("{find: 'items', filter: {_id: {$gt: 'a'}}}")).isEqualTo(collection("db.items"));
        assertThat(read("{find: 'items', filter: {_id: {tenant: 't', id: 'a'}}}")).isEqualTo(collection("db.items"));
        assertThat(read("{find: 'items'}")).isEqualTo(collection("db.items"));
        assertThat(read("{getMore: 12, collection: 'items'}")).isEqualTo(collection("db.items"));
        assertThat(read("{count: 'items', query: {_id: 'a'}}")).isEqualTo(collection("db.items"));
        assertThat(read("{aggregate: 'items', pipeline: [{$match: {a: 1}}], cursor: {}}"))
                .isEqualTo(collection("db.items"));
        assertThat(read("{findAndModify: 'items', query: {_id: 'a'}, update: {$inc: {n: 1}}}"))
                .isEqualTo(documents(Touched.document("db.items", "sa")));
    }

    @Test
    void aPipelineThatReadsOtherCollectionsOrACommandNotKnownReadsEverything() {
        assertThat(read("{aggregate: 'items', pipeline: [{$lookup: {from: 'tags'}}], cursor: {}}"))
                .isEqualTo(Touched.EVERYTHING);
        assertThat(read("{mapReduce: 'items'}")).isEqualTo(Touched.EVERYTHING);
    }

    @Test
    void writesAndCommandsThatChangeNoDocumentReadNothing() {
        assertThat(read("{update: 'items', updates: []}")).isNull();
        assertThat(read("{hello: 1}")).isNull();
        assertThat(read("{createIndexes: 'items', indexes: []}")).isNull();
    }

    @Test
    void writesByIdWriteTheirDocuments() {
        assertThat(written("{update: 'items', ordered: true, updates: [{q: {_id: 'a'}, u: {name: 'x'}, upsert: true},"
                + " {q: {_id: 'b'}, u: {name: 'y'}}]}"))
                .isEqualTo(documents(Touched.document("db.items", "sa"), Touched.document("db.items", "sb")));
        assertThat(written("{delete: 'items', deletes: [{q: {_id: 'a'}, limit: 1}]}"))
                .isEqualTo(documents(Touched.document("db.items", "sa")));
        assertThat(written("{insert: 'items', documents: [{_id: 'a', name: 'x'}]}"))
                .isEqualTo(documents(Touched.document("db.items", "sa")));
        assertThat(written("{findAndModify: 'items', query: {_id: 'a'}, update: {$inc: {n: 1}}}"))
                .isEqualTo(documents(Touched.document("db.items", "sa")));
    }

    @Test
    void anyOtherWriteWritesItsWholeCollection() {
        assertThat(written("{update: 'items', updates: [{q: {_id: 'a'}, u: {}}, {q: {tag: 't'}, u: {}, multi: true}]}"))
                .isEqualTo(collection("db.items"));
        assertThat(written("{delete: 'items', deletes: [{q: {}, limit: 0}]}")).isEqualTo(collection("db.items"));
        assertThat(written("{insert: 'items', documents: [{name: 'no id'}]}")).isEqualTo(collection("db.items"));
        assertThat(written("{drop: 'items'}")).isEqualTo(collection("db.items"));
        assertThat(written("{renameCollection: 'db.items_rebuilt', to: 'db.items', dropTarget: true}"))
                .isEqualTo(Touched.collections("db.items_rebuilt", "db.items"));
        assertThat(written("{aggregate: 'items', pipeline: [{$match: {}}, {$out: 'copies'}], cursor: {}}"))
                .isEqualTo(Touched.EVERYTHING);
        assertThat(written("{aggregate: 'items', pipeline: [{$match: {}}], cursor: {}}")).isNull();
    }

    @Test
    void aCommandNotKnownWritesEverythingAndReadsChangeNothing() {
        assertThat(written("{dropDatabase: 1}")).isEqualTo(Touched.EVERYTHING);
        assertThat(written("{applyOps: []}")).isEqualTo(Touched.EVERYTHING);
        assertThat(written("{find: 'items', filter: {}}")).isNull();
        assertThat(written("{endSessions: []}")).isNull();
    }
}
