package io.traceloom.kernel.history;

import io.traceloom.kernel.message.TenantScoped;

/**
 * The events of one resource, oldest first, one page of them. Answered with an {@code Optional<HistoryPage>}:
 * empty when the tenant has no resource of that kind with that id, and never had one.
 *
 * @param resource the kind of resource, as its collection is named in the API ({@code trade-items})
 * @param page     1-based
 */
public record FindHistory(String tenantId, String resource, String id, int page, int limit) implements TenantScoped {
}
