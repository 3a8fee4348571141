package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.Cursor;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import org.h2.mvstore.MVMap;

/**
 * A collection of the store: mongo-java-server's H2 collection, whose answers to a client's query come in
 * batches ({@link QueryBatches}).
 */
final class StoreCollection extends H2Collection {

    StoreCollection(MongoDatabase database, String name, CollectionOptions options, MVMap<Object, Document> documents,
                    MVMap<String, Object> meta, CursorRegistry cursors) {
        super(database, name, options, documents, meta, cursors);
    }

    @Override
    protected QueryResult createQueryResult(List<Document> matched, int batchSize) {
        if (!QueryBatches.needed(batchSize, getDataSize())) {
            return super.createQueryResult(matched, batchSize);
        }
        List<Document> first = QueryBatches.batch(matched, batchSize);
        List<Document> rest = matched.subList(first.size(), matched.size());
        return rest.isEmpty() ? new QueryResult(first) : new QueryResult(first, createCursor(rest));
    }

    @Override
    protected Cursor createCursor(List<Document> remaining) {
        if (getDataSize() <= QueryBatches.MAX_BATCH_BYTES) {
            return super.createCursor(remaining);
        }
        Cursor cursor = QueryBatches.cursor(cursorRegistry.generateCursorId(), remaining);
        cursorRegistry.add(cursor);
        return cursor;
    }
}
