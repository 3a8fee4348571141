package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<TagView>}.
 *
 * @param asOf {@code null} for the tag as it stands now (its read model); an instant for the tag as it was
 *             then, folded from its catalogue's events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindPartnerTag(String tenantId, String tagId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindPartnerTag(String tenantId, String tagId) {
        this(tenantId, tagId, null);
    }
}
