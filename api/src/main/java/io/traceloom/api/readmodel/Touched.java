package io.traceloom.api.readmodel;

import java.util.HashSet;
import java.util.Set;

/**
 * What one or more MongoDB commands read or wrote: documents by collection and id, whole collections (a query by
 * anything but {@code _id}), or everything (a command that could touch anything, or that is not understood).
 * Collections are named with their database ({@code db.collection}); a document is {@code db.collection} and its id,
 * as {@link #document} joins them.
 *
 * @param documents   the documents touched one by one
 * @param collections the collections touched as a whole
 * @param in          every collection touched, as a whole or in some of its documents
 */
record Touched(Set<String> documents, Set<String> collections, Set<String> in, boolean everything) {

    static final Touched NOTHING = new Touched(Set.of(), Set.of(), Set.of(), false);
    static final Touched EVERYTHING = new Touched(Set.of(), Set.of(), Set.of(), true);

    static Touched of(Set<String> documents, Set<String> collections) {
        Set<String> in = new HashSet<>(collections);
        documents.forEach(document -> in.add(collectionOf(document)));
        return new Touched(Set.copyOf(documents), Set.copyOf(collections), Set.copyOf(in), false);
    }

    static Touched documents(String... documents) {
        return of(Set.of(documents), Set.of());
    }

    static Touched collections(String... collections) {
        return of(Set.of(), Set.of(collections));
    }

    /** The key of the document {@code id} (as {@link MongoCommands#idKey} writes it) in collection {@code namespace}. */
    static String document(String namespace, String id) {
        return namespace + '\u0000' + id;
    }

    /** The collection of a document's key. */
    static String collectionOf(String document) {
        return document.substring(0, document.indexOf('\u0000'));
    }

    boolean isNothing() {
        return !everything && in.isEmpty();
    }

    /**
     * Whether what one read and what another wrote may meet: the same document, a collection one touched as a whole
     * and the other touched at all, or everything.
     */
    boolean meets(Touched other) {
        if (everything || other.everything) {
            return true;
        }
        for (String collection : other.collections) {
            if (in.contains(collection)) {
                return true;
            }
        }
        for (String collection : collections) {
            if (other.in.contains(collection)) {
                return true;
            }
        }
        Set<String> fewer = documents.size() <= other.documents.size() ? documents : other.documents;
        Set<String> more = fewer == documents ? other.documents : documents;
        for (String document : fewer) {
            if (more.contains(document)) {
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
            return everything ? EVERYTHING : of(documents, collections);
        }
    }
}
