package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A deleted tag is live again under its code, with this name and description. */
@Revision("1")
public record TradeItemTagRestored(String tenantId, String tagId, String name, String description)
        implements TagEvent.Restored {
}
