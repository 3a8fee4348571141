package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;

/**
 * Answered with a {@link io.traceloom.kernel.catalogue.TagPage} of the tenant's tags with these ids, in
 * this order; ids of no tag of the tenant are left out.
 */
public record ListTradeItemTagsById(String tenantId, List<String> tagIds) implements TenantScoped {

    public ListTradeItemTagsById {
        tagIds = List.copyOf(tagIds);
    }
}
