package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A deleted tag is live again under its code, with this name and description. */
@Revision("1")
public record PartnerTagRestored(String tenantId, String tagId, String name, String description)
        implements TagEvent.Restored {
}
