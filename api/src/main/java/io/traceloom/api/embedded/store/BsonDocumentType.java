package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.Map;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;

/**
 * How the store writes a document to its file: as the BSON MongoDB itself uses. The H2 backend's default would
 * write each document with Java serialization, which repeats the classes' descriptions in every document and
 * reads and writes several times slower.
 */
final class BsonDocumentType extends BasicDataType<Document> {

    static final BsonDocumentType INSTANCE = new BsonDocumentType();

    private BsonDocumentType() {
    }

    @Override
    public void write(WriteBuffer out, Document document) {
        ByteBuf bson = Unpooled.buffer();
        try {
            BsonEncoder.encodeDocument(document, bson);
            out.put(bson.nioBuffer());
        } finally {
            bson.release();
        }
    }

    @Override
    public Document read(ByteBuffer in) {
        // a BSON document begins with its length, little-endian, counting itself
        int length = Integer.reverseBytes(in.getInt(in.position()));
        ByteBuf bson = Unpooled.wrappedBuffer(in.slice(in.position(), length));
        in.position(in.position() + length);
        return BsonDecoder.decodeBson(bson);
    }

    /** A rough measure of the document held in memory, for the store's cache: never read the document twice for it. */
    @Override
    public int getMemory(Document document) {
        return 48 + estimate(document);
    }

    private static int estimate(Object value) {
        if (value instanceof Map<?, ?> map) {
            int size = 64;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                size += 48 + estimate(entry.getKey()) + estimate(entry.getValue());
            }
            return size;
        }
        if (value instanceof Collection<?> values) {
            int size = 32;
            for (Object element : values) {
                size += 8 + estimate(element);
            }
            return size;
        }
        if (value instanceof CharSequence text) {
            return 40 + text.length();
        }
        if (value instanceof byte[] bytes) {
            return 16 + bytes.length;
        }
        return 24;
    }

    @Override
    public Document[] createStorage(int size) {
        return new Document[size];
    }
}
