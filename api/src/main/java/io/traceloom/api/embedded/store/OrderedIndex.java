package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.Utils;
import de.bwaldvogel.mongo.bson.Document;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;

/**
 * A non-unique index that mongo-java-server does not have (it ignores them): the documents' index keys in key
 * order, kept in a map of the MVStore that holds the documents, so that it is committed with them and is there
 * at the next start without a scan (mongo-java-server builds an index only when it is empty). A tenant's list
 * page is then a walk from where the tenant's keys start, and its count two ranks, instead of loading and
 * sorting the whole collection.
 *
 * <p>An entry's key is the document's index values written by {@link SortKeys} (each in its field's direction)
 * followed by its position, the document's {@code _id} (which makes keys unique); its value is the position.
 * A walk gives exactly the order mongo-java-server's {@code DocumentComparator} sorts in. A document whose index
 * values have no certain order ({@link SortKeys}: an array, a sub-document, ...) gets no entry: it is counted under
 * a reserved key below every entry instead, and while any such document is in the index, the index serves no
 * query at all, since it would miss that document; correctness first.
 */
public final class OrderedIndex extends Index<Object> {

    /** Reserved: the number of documents in the index that have no entry. No entry key is empty. */
    private static final String UNORDERED = "";

    private static final String ID_FIELD = "_id";

    private final MVMap<String, Object> entries;

    public OrderedIndex(String name, List<IndexKey> keys, boolean sparse, MVMap<String, Object> entries) {
        super(name, keys, sparse);
        this.entries = entries;
    }

    /**
     * Where a walk of the index serves a query: the positions of the documents that may match it, in the order
     * asked. When {@code coversQuery}, every one of them matches, so the caller may skip positions without loading
     * their documents.
     */
    public record Scan(Iterable<Object> positions, boolean coversQuery) {
    }

    /**
     * The walk that serves query in the order orderBy asks for, or null when there is none. It takes the positions
     * of the documents whose leading index fields equal the query's ({@code field: scalar} or
     * {@code field: {$eq: scalar}}, not null), and can give the order of the index fields that follow them, all in
     * the index's directions or all reversed (orderBy may name the fields the query fixes, too, or nothing).
     */
    public Scan scan(Document query, Document orderBy) {
        if (!isOrdered()) {
            return null;
        }
        Prefix prefix = equalityPrefix(query);
        Boolean forward = direction(orderBy, prefix.fields());
        if (forward == null) {
            return null;
        }
        return new Scan(positions(prefix.key(), forward), prefix.fields() == query.size());
    }

    /**
     * The number of documents that match query, counted in the index without a walk, or -1 when the index cannot
     * tell: query must be equality on leading index fields and nothing else.
     */
    public long count(Document query) {
        if (!isOrdered()) {
            return -1;
        }
        Prefix prefix = equalityPrefix(query);
        if (prefix.fields() != query.size()) {
            return -1;
        }
        return rank(prefix.key() + SortKeys.ABOVE) - rank(prefix.key() + SortKeys.BELOW);
    }

    /** Whether no document in the index lacks an entry: only then does it serve queries. */
    public boolean isOrdered() {
        return !entries.containsKey(UNORDERED);
    }

    @Override
    public Object getPosition(Document document) {
        String key = entryKey(document, positionOf(document));
        return key == null ? null : entries.get(key);
    }

    @Override
    public void checkAdd(Document document, MongoCollection<Object> collection) {
        // not unique: nothing to refuse
    }

    @Override
    public void add(Document document, Object position, MongoCollection<Object> collection) {
        add(document, Missing.ofNullable(position));
    }

    @Override
    public Object remove(Document document) {
        return remove(document, positionOf(document));
    }

    @Override
    public boolean canHandle(Document query) {
        return isOrdered() && query.size() == getKeys().size() && equalityPrefix(query).fields() == query.size();
    }

    @Override
    public Iterable<Object> getPositions(Document query) {
        return positions(equalityPrefix(query).key(), true);
    }

    /** The number of documents in the index, with an entry or without. */
    @Override
    public long getCount() {
        long unordered = unorderedDocuments();
        return entries.sizeAsLong() + unordered - (unordered > 0 ? 1 : 0);
    }

    /** Reflects the map, which mongo-java-server takes as "build me" when it opens a collection. */
    @Override
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }

    @Override
    public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<Object> collection) {
        // not unique: nothing to refuse
    }

    @Override
    public void updateInPlace(Document oldDocument, Document newDocument, Object position,
            MongoCollection<Object> collection) {
        Object stored = Missing.ofNullable(position);
        String oldKey = entryKey(oldDocument, stored);
        if (oldKey != null && oldKey.equals(entryKey(newDocument, stored))) {
            return;
        }
        remove(oldDocument, stored);
        add(newDocument, stored);
    }

    @Override
    public void drop() {
        entries.clear();
    }

    private void add(Document document, Object position) {
        String key = entryKey(document, position);
        if (key == null) {
            entries.put(UNORDERED, unorderedDocuments() + 1);
        } else {
            entries.put(key, position);
        }
    }

    private Object remove(Document document, Object position) {
        String key = entryKey(document, position);
        if (key != null) {
            return entries.remove(key);
        }
        long unordered = unorderedDocuments();
        if (unordered > 1) {
            entries.put(UNORDERED, unordered - 1);
        } else {
            entries.remove(UNORDERED);
        }
        return position;
    }

    private long unorderedDocuments() {
        Object count = entries.get(UNORDERED);
        return count == null ? 0 : ((Number) count).longValue();
    }

    /** A document's position as H2Collection holds it: its {@code _id}, Missing for none. */
    private static Object positionOf(Document document) {
        return Missing.ofNullable(document.get(ID_FIELD));
    }

    /** The document's entry key, or null when one of its index values has no certain order. */
    private String entryKey(Document document, Object position) {
        StringBuilder key = new StringBuilder();
        for (IndexKey indexKey : getKeys()) {
            Object value = Utils.getSubdocumentValueCollectionAware(document, indexKey.getKey());
            if (!SortKeys.append(key, value, indexKey.isAscending())) {
                return null;
            }
        }
        return SortKeys.append(key, position, true) ? key.toString() : null;
    }

    /** The leading index fields the query sets equal to a value, written as the start of their entries' keys. */
    private record Prefix(String key, int fields) {
    }

    private Prefix equalityPrefix(Document query) {
        StringBuilder key = new StringBuilder();
        int fields = 0;
        for (IndexKey indexKey : getKeys()) {
            Object value = query.containsKey(indexKey.getKey()) ? equalityValue(query.get(indexKey.getKey())) : null;
            // null also matches a missing field or an array holding null: not an equality to walk
            if (value == null || !SortKeys.append(key, value, indexKey.isAscending())) {
                break;
            }
            fields++;
        }
        return new Prefix(key.toString(), fields);
    }

    private static Object equalityValue(Object condition) {
        if (condition instanceof Document document) {
            return document.size() == 1 ? document.get("$eq") : null;
        }
        return condition;
    }

    /**
     * True to walk forwards, false backwards, null when orderBy is not the order of the index fields that follow
     * the first {@code fixed} (in order, from the first of them, all in the index's directions or all reversed).
     */
    private Boolean direction(Document orderBy, int fixed) {
        if (orderBy == null) {
            return true;
        }
        List<IndexKey> keys = getKeys();
        Set<String> fixedFields = new HashSet<>(keys().subList(0, fixed));
        int next = fixed;
        Boolean forward = null;
        for (Map.Entry<String, Object> order : orderBy.entrySet()) {
            if (fixedFields.contains(order.getKey())) {
                continue;
            }
            if (!(order.getValue() instanceof Number sign) || next == keys.size()
                    || !keys.get(next).getKey().equals(order.getKey())) {
                return null;
            }
            boolean along = (sign.intValue() > 0) == keys.get(next).isAscending(); // as DocumentComparator reads it
            if (forward != null && forward != along) {
                return null;
            }
            forward = along;
            next++;
        }
        return forward == null || forward;
    }

    /** The positions of the entries whose keys start with prefix, lazily: a cursor reads pages as it goes. */
    private Iterable<Object> positions(String prefix, boolean forward) {
        String low = prefix + SortKeys.BELOW;
        String high = prefix + SortKeys.ABOVE;
        return () -> {
            Cursor<String, Object> cursor = forward ? entries.cursor(low, high, false) : entries.cursor(high, low, true);
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return cursor.hasNext();
                }

                @Override
                public Object next() {
                    cursor.next();
                    return cursor.getValue();
                }
            };
        };
    }

    /** The number of entries below key, which is never an entry's. */
    private long rank(String key) {
        return -entries.getKeyIndex(key) - 1;
    }
}
