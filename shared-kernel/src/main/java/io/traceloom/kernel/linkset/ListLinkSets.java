package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Answered with a {@link LinkSetPage}, oldest first.
 *
 * @param identifier only the link sets of this primary key (normalised), or {@code null} for all
 * @param page       1-based page number
 */
public record ListLinkSets(String tenantId, String identifier, int page, int limit) implements TenantScoped {
}
