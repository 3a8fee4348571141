package io.traceloom.kernel.tenantuser;

import java.util.List;

/** One page of a tenant's users and the number of its users across all pages. */
public record TenantUserPage(List<TenantUserView> items, long total) {
}
