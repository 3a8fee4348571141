package io.traceloom.query.catalogue;

import io.traceloom.query.readmodel.TenantDocument;

/**
 * A tag in the read model of its catalogue: a {@link TagState} of a tenant, stored flat (each catalogue its
 * own collection) so lists can filter and sort on its fields.
 */
public interface TagDocument extends TenantDocument {

    String id();

    /**
     * The catalogue's sequence number when the tag was created: its place in the catalogue, which lists
     * follow. Tags created by one set share a timestamp; their order is the set's.
     */
    long position();

    TagState state();

    /** How a catalogue makes its document. */
    @FunctionalInterface
    interface Factory<D extends TagDocument> {
        D of(String tenantId, long position, TagState tag);
    }
}
