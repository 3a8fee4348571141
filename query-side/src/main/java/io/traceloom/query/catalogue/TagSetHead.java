package io.traceloom.query.catalogue;

import org.springframework.data.annotation.Id;

/**
 * Where a tenant's catalogue stands with its sets in the read model, one document per tenant in a collection
 * beside the tags' ({@code <collection>_sets}): which set is open (its events are being written), and how
 * many times a set opened or closed.
 *
 * <p>MongoDB writes one document atomically, and a set writes many, in as many batches as its events take; a
 * transaction would make them one write on a replica set, but the embedded mongo-java-server has none. So a
 * set is made one change for readers the way a sequence lock does it, with the tags' documents keeping their
 * state from before the open set ({@link TagDocument#before()}): a reader reads this, then the tags, as the
 * catalogue stood before the open set if one is, then this again, and reads once more if a set opened or
 * closed meanwhile ({@link #turns}). It needs nothing but single-document atomicity and reads that see
 * acknowledged writes in order, which both have (reads go to the primary), and a reader never waits for a
 * set, however many events it has.
 *
 * @param id       the tenant
 * @param openFrom the catalogue's sequence number of the open set's first event; {@code null}: none is open
 * @param lastFrom the first sequence number of the last set opened: a batch handled again does not open it again
 * @param turns    how many times a set opened or closed
 */
public record TagSetHead(@Id String id, Long openFrom, long lastFrom, long turns) {

    static final String SUFFIX = "_sets";

    static TagSetHead opened(TagSetHead head, String tenantId, long from) {
        return new TagSetHead(tenantId, from, from, head == null ? 1 : head.turns() + 1);
    }

    TagSetHead closed() {
        return new TagSetHead(id, null, lastFrom, turns + 1);
    }
}
