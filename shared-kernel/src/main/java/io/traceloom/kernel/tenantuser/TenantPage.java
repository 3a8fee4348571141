package io.traceloom.kernel.tenantuser;

import java.util.List;

/** One page of tenants and the number of tenants across all pages. */
public record TenantPage(List<TenantView> items, long total) {
}
