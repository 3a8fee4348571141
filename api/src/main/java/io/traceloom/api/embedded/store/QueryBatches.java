package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.backend.Cursor;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch of a query's answer holds at most {@value #MAX_BATCH_BYTES} bytes of documents (MongoDB's 16 MB),
 * however many the client asked for at once; the rest waits in the cursor. mongo-java-server would put every
 * document asked for in one reply, and the driver refuses a reply over 48 MB: reading a large read model in
 * batches of a thousand failed. The backend's own queries of all matching documents (to count, update, delete)
 * get them all, as before; a collection smaller than a batch is answered as before, unmeasured.
 */
final class QueryBatches {

    /** MongoDB's largest batch, and its largest document. */
    static final int MAX_BATCH_BYTES = 16 * 1024 * 1024;

    /**
     * Whether a client's {@code find} is being answered on this thread: its answer comes in batches even when
     * it named no batch size, as MongoDB's does. Not the backend's own queries of everything that matches.
     */
    private static final ThreadLocal<Boolean> CLIENT_FIND = ThreadLocal.withInitial(() -> false);

    private QueryBatches() {
    }

    /** Marks the command this thread now answers as a client's {@code find}, or not. */
    static void answering(String command) {
        CLIENT_FIND.set("find".equalsIgnoreCase(command));
    }

    static void answered() {
        CLIENT_FIND.remove();
    }

    /** Whether an answer of a collection of this size, to a query with this batch size, is cut into batches. */
    static boolean needed(int batchSize, int collectionBytes) {
        return (batchSize > 0 || CLIENT_FIND.get()) && collectionBytes > MAX_BATCH_BYTES;
    }

    static Cursor cursor(long id, List<Document> remaining) {
        return new BatchedCursor(id, remaining);
    }

    /** The first documents, up to {@code batchSize} of them (all when it is not positive) and the byte limit. */
    static List<Document> batch(List<Document> documents, int batchSize) {
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
}
