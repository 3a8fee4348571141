package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A tag joined the tenant's partner tag catalogue. When it happened is the event message's timestamp. */
@Revision("1")
public record PartnerTagCreated(String tenantId, String tagId, String code, String name, String description)
        implements TagEvent.Created {
}
