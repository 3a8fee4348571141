package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import java.util.List;
import java.util.Map.Entry;
import org.h2.mvstore.MVMap;

/** A unique index of the store (among them every collection's {@code _id}): its keys typed by {@link KeyValueType}. */
final class UniqueIndex extends AbstractUniqueIndex<Object> {

    private final MVMap<KeyValue, Object> entries;

    UniqueIndex(MVMap<KeyValue, Object> entries, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.entries = entries;
    }

    @Override
    protected Object removeDocument(KeyValue key) {
        return entries.remove(key);
    }

    @Override
    protected boolean putKeyPosition(KeyValue key, Object position) {
        return entries.putIfAbsent(key, Missing.ofNullable(position)) == null;
    }

    @Override
    protected Iterable<Entry<KeyValue, Object>> getIterable() {
        return entries.entrySet();
    }

    @Override
    protected Object getPosition(KeyValue key) {
        return entries.get(key);
    }

    @Override
    public long getCount() {
        return entries.sizeAsLong();
    }

    @Override
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }
}
