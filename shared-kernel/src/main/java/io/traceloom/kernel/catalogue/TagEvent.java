package io.traceloom.kernel.catalogue;

import io.traceloom.kernel.message.TenantScoped;

/**
 * What every event of a tag catalogue (trade item tags, partner tags) says: which tag of which tenant it is
 * about. A catalogue's own events implement one of the kinds below, so the folds that catalogues share (the
 * aggregate's state, the read model's documents) are written once, against these kinds, while each
 * catalogue keeps event types of its own, which its readers subscribe to.
 */
public interface TagEvent extends TenantScoped {

    String tagId();

    /** A tag joined the catalogue with a code that it keeps for good. */
    interface Created extends TagEvent {
        String code();

        String name();

        String description();
    }

    /** A live tag's name or description changed. */
    interface Updated extends TagEvent {
        String name();

        String description();
    }

    /** A tag was soft-deleted: it stays readable, marked deleted, and keeps its code. */
    interface Deleted extends TagEvent {
    }

    /** A deleted tag is live again, with this name and description. */
    interface Restored extends TagEvent {
        String name();

        String description();
    }
}
