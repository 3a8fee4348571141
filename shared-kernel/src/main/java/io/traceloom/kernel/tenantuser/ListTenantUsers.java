package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;

/** The tenant's users (not the deleted ones), oldest first: a {@link TenantUserPage}; {@code page} is 1-based. */
public record ListTenantUsers(String tenantId, int page, int limit) implements TenantScoped {
}
