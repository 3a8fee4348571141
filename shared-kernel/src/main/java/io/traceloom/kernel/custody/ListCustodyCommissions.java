package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Answered with a {@link CustodyCommissionPage}, oldest first.
 *
 * @param consumed only consumed ones ({@code true}), only open ones ({@code false}), or all ({@code null})
 * @param page     1-based
 */
public record ListCustodyCommissions(String tenantId, Boolean consumed, int page, int limit) implements TenantScoped {
}
