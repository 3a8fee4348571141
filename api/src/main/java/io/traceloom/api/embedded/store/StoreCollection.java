package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.Cursor;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.h2.mvstore.MVMap;

/**
 * A collection of the store: mongo-java-server's H2 collection, which
 * <ul>
 *   <li>answers a query that an {@link OrderedIndex} can give in the order asked by walking that index: a page
 *   of a tenant's list reads the documents of the page (and, when the query has more conditions than the index
 *   covers, those it skips), not the whole collection, and sorts nothing. Otherwise, and for a query by
 *   {@code _id}, as mongo-java-server does;</li>
 *   <li>counts what such an index covers from the index alone;</li>
 *   <li>answers a client's query in batches ({@link QueryBatches}).</li>
 * </ul>
 */
final class StoreCollection extends H2Collection {

    StoreCollection(MongoDatabase database, String name, CollectionOptions options, MVMap<Object, Document> documents,
                    MVMap<String, Object> meta, CursorRegistry cursors) {
        super(database, name, options, documents, meta, cursors);
    }

    @Override
    protected QueryResult queryDocuments(Document query, Document orderBy, int numberToSkip, int limit, int batchSize,
                                         Document fieldSelector) {
        OrderedIndex.Scan scan = walkable(query, orderBy) ? scan(query, orderBy) : null;
        if (scan == null) {
            return super.queryDocuments(query, orderBy, numberToSkip, limit, batchSize, fieldSelector);
        }
        Stream<Object> positions = StreamSupport.stream(scan.positions().spliterator(), false);
        int skip = numberToSkip;
        if (scan.coversQuery() && skip > 0) {
            // every position matches: skip them without reading their documents
            positions = positions.skip(skip);
            skip = 0;
        }
        Stream<Document> documents = positions.map(this::getDocument);
        return matchDocumentsFromStream(query, documents, skip, limit, batchSize, null, fieldSelector);
    }

    /** Not for a query an index of single documents answers ({@code _id}), nor for one that asks for no order and has no condition. */
    private boolean walkable(Document query, Document orderBy) {
        if (orderBy != null && orderBy.containsKey("$natural")) {
            return false;
        }
        if ((query == null || query.isEmpty()) && (orderBy == null || orderBy.isEmpty())) {
            return false;
        }
        return getIndexes().stream().noneMatch(index -> !(index instanceof OrderedIndex) && index.canHandle(query));
    }

    private OrderedIndex.Scan scan(Document query, Document orderBy) {
        for (Index<Object> index : getIndexes()) {
            if (index instanceof OrderedIndex ordered) {
                OrderedIndex.Scan scan = ordered.scan(query, orderBy);
                if (scan != null) {
                    return scan;
                }
            }
        }
        return null;
    }

    @Override
    public int count(Document query, int skip, int limit) {
        if (query != null && !query.isEmpty()) {
            for (Index<Object> index : getIndexes()) {
                long counted = index instanceof OrderedIndex ordered ? ordered.count(query) : -1;
                if (counted >= 0) {
                    long left = Math.max(0, counted - Math.max(0, skip));
                    return (int) (limit > 0 ? Math.min(limit, left) : left);
                }
            }
        }
        return super.count(query, skip, limit);
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
