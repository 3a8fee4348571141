package io.traceloom.api.embedded;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.Cursor;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * mongo-java-server's memory backend, made to keep two promises of a real MongoDB that its clients rely on:
 * <ul>
 *   <li>{@code renameCollection} is atomic for readers. mongo-java-server drops the target collection and then
 *   moves the source in its place, so a query in between would find no collection at all; a projection's
 *   replay swaps its rebuilt collection in this way, and no read may see the read model empty meanwhile. Every
 *   other command runs under the shared side of one lock, a rename under the exclusive side.</li>
 *   <li>A batch of a query's answer holds at most {@value #MAX_BATCH_BYTES} bytes of documents (MongoDB's 16
 *   MB), however many the client asked for at once; the rest waits in the cursor. mongo-java-server would put
 *   every document asked for in one reply, and the driver refuses a reply over 48 MB: reading a large read
 *   model in batches of a thousand failed (a clean stop's save of the read models, say).</li>
 * </ul>
 */
public class EmbeddedMongoBackend extends MemoryBackend {

    /** MongoDB's largest batch, and its largest document. */
    static final int MAX_BATCH_BYTES = 16 * 1024 * 1024;

    /**
     * Whether a client's {@code find} is being answered on this thread: its answer comes in batches even when
     * it named no batch size, as MongoDB's does. Not the backend's own queries of everything that matches.
     */
    private static final ThreadLocal<Boolean> CLIENT_FIND = ThreadLocal.withInitial(() -> false);

    private final ReadWriteLock renames = new ReentrantReadWriteLock();

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        Lock lock = "renameCollection".equalsIgnoreCase(command) ? renames.writeLock() : renames.readLock();
        boolean find = "find".equalsIgnoreCase(command);
        lock.lock();
        try {
            CLIENT_FIND.set(find);
            return super.handleCommand(channel, databaseName, command, query);
        } finally {
            CLIENT_FIND.remove();
            lock.unlock();
        }
    }

    @Override
    public MemoryDatabase openOrCreateDatabase(String databaseName) {
        return new BatchedDatabase(databaseName, getCursorRegistry());
    }

    private static final class BatchedDatabase extends MemoryDatabase {

        BatchedDatabase(String name, CursorRegistry cursors) {
            super(name, cursors);
        }

        @Override
        protected MemoryCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
            return new BatchedCollection(this, collectionName, options, cursorRegistry);
        }
    }

    /**
     * A collection whose answers to a client's query come in batches of at most {@link #MAX_BATCH_BYTES}. The
     * backend's own queries of all matching documents (to count, update, delete) get them all, as before; a
     * collection smaller than a batch is answered as before, unmeasured.
     */
    private static final class BatchedCollection extends MemoryCollection {

        BatchedCollection(MongoDatabase database, String name, CollectionOptions options, CursorRegistry cursors) {
            super(database, name, options, cursors);
        }

        @Override
        protected QueryResult createQueryResult(List<Document> matched, int batchSize) {
            if (batchSize <= 0 && !CLIENT_FIND.get() || getDataSize() <= MAX_BATCH_BYTES) {
                return super.createQueryResult(matched, batchSize);
            }
            List<Document> first = batch(matched, batchSize);
            List<Document> rest = matched.subList(first.size(), matched.size());
            return rest.isEmpty() ? new QueryResult(first) : new QueryResult(first, createCursor(rest));
        }

        @Override
        protected Cursor createCursor(List<Document> remaining) {
            if (getDataSize() <= MAX_BATCH_BYTES) {
                return super.createCursor(remaining);
            }
            Cursor cursor = new BatchedCursor(cursorRegistry.generateCursorId(), remaining);
            cursorRegistry.add(cursor);
            return cursor;
        }
    }

    /** The documents a cursor has left, given out in batches of at most {@link #MAX_BATCH_BYTES}. */
    private static final class BatchedCursor implements Cursor {

        private final long id;
        private List<Document> remaining;

        BatchedCursor(long id, List<Document> remaining) {
            this.id = id;
            this.remaining = remaining;
        }

        @Override
        public long getId() {
            return id;
        }

        @Override
        public boolean isEmpty() {
            return remaining.isEmpty();
        }

        @Override
        public List<Document> takeDocuments(int batchSize) {
            List<Document> batch = batch(remaining, batchSize);
            remaining = remaining.subList(batch.size(), remaining.size());
            return batch;
        }
    }

    /** The first documents, up to {@code batchSize} of them (all when it is not positive) and the byte limit. */
    private static List<Document> batch(List<Document> documents, int batchSize) {
        int most = batchSize <= 0 ? documents.size() : Math.min(batchSize, documents.size());
        if (most <= 1) {
            return new ArrayList<>(documents.subList(0, most));
        }
        List<Document> batch = new ArrayList<>(Math.min(most, 1024));
        long bytes = 0;
        for (Document document : documents.subList(0, most)) {
            bytes += size(document);
            if (!batch.isEmpty() && bytes > MAX_BATCH_BYTES) {
                break;
            }
            batch.add(document);
        }
        return batch;
    }

    private static int size(Document document) {
        ByteBuf buffer = Unpooled.buffer();
        try {
            BsonEncoder.encodeDocument(document, buffer);
            return buffer.writerIndex();
        } finally {
            buffer.release();
        }
    }
}
