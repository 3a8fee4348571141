package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.catalogue.TagEvent;
import org.axonframework.serialization.Revision;

/** A partner tag was soft-deleted: it stays readable, marked deleted, and keeps its code. */
@Revision("1")
public record PartnerTagDeleted(String tenantId, String tagId) implements TagEvent.Deleted {
}
