package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A live tag's name or description changed; its code never does. */
@Revision("1")
public record PartnerTagUpdated(String tenantId, String tagId, String name, String description)
        implements TagEvent.Updated {
}
