package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagSnapshot;
import java.util.Optional;

/**
 * What the command side of other features may ask the trade item tag catalogue: the live tag with a
 * code, decided from the catalogue's event-sourced state within the caller's unit of work. Implemented
 * by the tag feature's command side; features that put tags on things depend on this, never on it.
 */
public interface LiveTradeItemTags {

    /** The live (not deleted) tag of the tenant with this code, as it stands now. */
    Optional<TagSnapshot> withCode(String tenantId, String code);
}
