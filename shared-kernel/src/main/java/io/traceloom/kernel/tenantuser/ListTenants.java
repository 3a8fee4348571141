package io.traceloom.kernel.tenantuser;

/**
 * Every registered tenant, for operators: the one list that spans tenants, since registering tenants is what
 * operators do. Answered with a {@link TenantPage}, oldest first; {@code page} is 1-based.
 */
public record ListTenants(int page, int limit) {
}
