package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.Document;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.h2.mvstore.WriteBuffer;
import org.h2.mvstore.type.BasicDataType;

/**
 * How a unique index's key (the values of its fields) is kept and ordered: written as BSON, compared as MongoDB
 * compares values. The H2 backend left it to H2's default for an object it does not know, which compares two
 * keys by writing both with Java serialization, at every step of every search of the index: a read by
 * {@code _id} took several of them.
 */
final class KeyValueType extends BasicDataType<KeyValue> {

    static final KeyValueType INSTANCE = new KeyValueType();
    private static final ValueComparator ORDER = ValueComparator.asc();

    private KeyValueType() {
    }

    @Override
    public int compare(KeyValue a, KeyValue b) {
        int common = Math.min(a.size(), b.size());
        for (int i = 0; i < common; i++) {
            int order = ORDER.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** The values, and which of them are missing (BSON has no such value; they are written as null). */
    @Override
    public void write(WriteBuffer out, KeyValue key) {
        List<Object> values = new ArrayList<>(key.size());
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            Object value = key.get(i);
            if (value instanceof Missing) {
                missing.add(i);
                value = null;
            }
            values.add(value);
        }
        BsonDocumentType.INSTANCE.write(out, new Document("v", values).append("m", missing));
    }

    @Override
    public KeyValue read(ByteBuffer in) {
        Document document = BsonDocumentType.INSTANCE.read(in);
        List<Object> values = new ArrayList<>((List<?>) document.get("v"));
        for (Object index : (List<?>) document.get("m")) {
            values.set(((Number) index).intValue(), Missing.getInstance());
        }
        return new KeyValue(values);
    }

    @Override
    public int getMemory(KeyValue key) {
        int size = 48;
        for (Object value : key) {
            size += value instanceof CharSequence text ? 40 + text.length() : 24;
        }
        return size;
    }

    @Override
    public KeyValue[] createStorage(int size) {
        return new KeyValue[size];
    }
}
