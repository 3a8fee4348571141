package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A tag was soft-deleted: it stays readable, marked deleted, and can no longer be put on trade items. */
@Revision("1")
public record TradeItemTagDeleted(String tenantId, String tagId) implements TagEvent.Deleted {
}
