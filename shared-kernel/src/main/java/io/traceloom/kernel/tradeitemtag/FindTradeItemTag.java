package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<TagView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindTradeItemTag(String tenantId, String tagId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindTradeItemTag(String tenantId, String tagId) {
        this(tenantId, tagId, null);
    }
}
