package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A live tag's name or description changed; its code never does. */
@Revision("1")
public record TradeItemTagUpdated(String tenantId, String tagId, String name, String description)
        implements TagEvent.Updated {
}
