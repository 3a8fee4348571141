package io.traceloom.api.readmodel;

import java.util.HashSet;
import java.util.Set;

/**
 * What one or more MongoDB commands read or wrote: documents by collection and id, whole collections (a query by
 * anything but {@code _id}), or everything (a command that could touch anything, or that is not understood).
 * Collections are named with their database ({@code db.collection}); a document is {@code db.collection} and its id,
 * as {@link #document} joins them.
 */
record Touched(Set<String> documents, Set<String> collections, boolean everything) {

    static final Touched NOTHING = new Touched(Set.of(), Set.of(), false);
    static final Touched EVERYTHING = new Touched(Set.of(), Set.of(), true);

    /** The key of the document {@code id} (as {@link MongoCommands#idKey} writes it) in collection {@code namespace}. */
    static String document(String namespace, String id) {
        return namespace + '\u0000' + id;
    }

    /** The collection of a document's key. */
    static String collectionOf(String document) {
        return document.substring(0, document.indexOf('\u0000'));
    }

    boolean isNothing() {
        return !everything && documents.isEmpty() && collections.isEmpty();
    }

    /**
     * Whether what one read and what another wrote may meet: the same document, a document in a collection the
     * other touched as a whole, or everything.
     */
    boolean meets(Touched other) {
        if (everything || other.everything) {
            return true;
        }
        for (String document : documents) {
            if (other.documents.contains(document) || other.collections.contains(collectionOf(document))) {
                return true;
            }
        }
        for (String collection : collections) {
            if (other.collections.contains(collection)) {
                return true;
            }
        }
        for (String document : other.documents) {
            if (collections.contains(collectionOf(document))) {
                return true;
            }
        }
        return false;
    }

    /** Collects what several commands touched. */
    static final class Builder {
        private final Set<String> documents = new HashSet<>();
        private final Set<String> collections = new HashSet<>();
        private boolean everything;

        Builder add(Touched touched) {
            documents.addAll(touched.documents);
            collections.addAll(touched.collections);
            everything |= touched.everything;
            return this;
        }

        Touched build() {
            return everything ? EVERYTHING : new Touched(Set.copyOf(documents), Set.copyOf(collections), false);
        }
    }
}
