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

    /**
     * While a set of the catalogue is open in the read model ({@link TagSetHead}), the tag as it was before the
     * set changed it, which readers are shown until the set is whole; {@code null} when the set created it, and
     * outside a set.
     */
    TagState before();

    /** How a catalogue makes its document. */
    @FunctionalInterface
    interface Factory<D extends TagDocument> {
        D of(String tenantId, long position, TagState tag, TagState before);
    }
}
