package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Answered with a {@link io.traceloom.kernel.catalogue.TagPage}, oldest first.
 *
 * @param page           1-based page number
 * @param limit          page size
 * @param includeDeleted whether soft-deleted tags are listed too
 */
public record ListTradeItemTags(String tenantId, int page, int limit, boolean includeDeleted)
        implements TenantScoped {
}
