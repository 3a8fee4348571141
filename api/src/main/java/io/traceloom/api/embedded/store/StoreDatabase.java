package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.List;
import java.util.Optional;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * A database of the store: mongo-java-server's H2 database, with
 * <ul>
 *   <li>documents written as BSON ({@link BsonDocumentType}), unique indexes' keys too, and compared as MongoDB
 *   compares them ({@link KeyValueType});</li>
 *   <li>a driver's count answered from an index when one covers it ({@link CountPipeline});</li>
 *   <li>non-unique indexes kept, in order, in the file ({@link OrderedIndex}): mongo-java-server ignores them,
 *   so every list page read and sorted its whole collection, and at every start it went through every document
 *   of a collection once per such index, to fill an index that keeps nothing;</li>
 *   <li>a renamed collection's documents, meta data and indexes moving with it, and its indexes going with it
 *   when it is dropped ({@link #moveCollection}). The H2 backend left the indexes under the old name, where the
 *   next collection of that name (the next rebuild of a read model) found them as its own.</li>
 * </ul>
 */
final class StoreDatabase extends H2Database {

    private static final String DATA = "databases.";
    private static final String META = "meta.";
    private static final String INDEX = "._index_";

    private final MVStore store;

    StoreDatabase(String name, MVStore store, CursorRegistry cursors) {
        super(name, store, cursors);
        this.store = store;
        initializeNamespacesAndIndexes();
    }

    /** Opens the collections and indexes the file holds, once this database has its store (not in super's constructor). */
    @Override
    protected void initializeNamespacesAndIndexes() {
        if (store != null) {
            super.initializeNamespacesAndIndexes();
        }
    }

    /** A driver's {@code countDocuments} is answered by the collection's count ({@link CountPipeline}). */
    @Override
    public Document handleCommand(Channel channel, String command, Document query, DatabaseResolver databases,
                                  Oplog oplog) {
        if ("aggregate".equalsIgnoreCase(command) && query.get(command) instanceof String name) {
            MongoCollection<?> collection = resolveCollection(name, false);
            Optional<CountPipeline> count = collection == null ? Optional.empty()
                    : CountPipeline.of(query.get("pipeline"));
            if (count.isPresent()) {
                return count.get().answer(collection);
            }
        }
        return super.handleCommand(channel, command, query, databases, oplog);
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
        String namespace = getFullCollectionNamespace(collectionName);
        MVMap<Object, Document> documents = store.openMap(DATA + namespace,
                new MVMap.Builder<Object, Document>().valueType(BsonDocumentType.INSTANCE));
        MVMap<String, Object> meta = store.openMap(META + namespace);
        return new StoreCollection(this, collectionName, options, documents, meta, cursorRegistry);
    }

    @Override
    protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                    boolean sparse) {
        MVMap<KeyValue, Object> entries = store.openMap(getFullCollectionNamespace(collectionName) + INDEX + indexName,
                new MVMap.Builder<KeyValue, Object>().keyType(KeyValueType.INSTANCE));
        return new UniqueIndex(entries, indexName, keys, sparse);
    }

    @Override
    protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                       boolean sparse) {
        MVMap<String, Object> entries = store.openMap(getFullCollectionNamespace(collectionName) + INDEX + indexName);
        return new OrderedIndex(indexName, keys, sparse, entries);
    }

    /**
     * Moves the collection's documents, meta data and indexes to maps of its new name. The H2 backend's own move
     * renames nothing (it reads the collection's name after the collection has taken its new one), and opens empty
     * maps of the new name: after the next start, the renamed collection was empty, and its documents were under
     * the old name.
     */
    @Override
    public void moveCollection(MongoDatabase oldDatabase, MongoCollection<?> collection, String newCollectionName) {
        String from = collection.getFullName();
        String to = getFullCollectionNamespace(newCollectionName);
        super.moveCollection(oldDatabase, collection, newCollectionName);
        for (String prefix : List.of(DATA, META)) {
            store.removeMap(prefix + to);
            store.renameMap(store.openMap(prefix + from), prefix + to);
        }
        for (String name : List.copyOf(store.getMapNames())) {
            if (name.startsWith(from + INDEX)) {
                store.renameMap(store.openMap(name), to + INDEX + name.substring((from + INDEX).length()));
            }
        }
    }

    @Override
    public void dropCollection(String collectionName, Oplog oplog) {
        String indexes = getFullCollectionNamespace(collectionName) + INDEX;
        super.dropCollection(collectionName, oplog);
        for (String name : List.copyOf(store.getMapNames())) {
            if (name.startsWith(indexes)) {
                store.removeMap(name);
            }
        }
    }
}
