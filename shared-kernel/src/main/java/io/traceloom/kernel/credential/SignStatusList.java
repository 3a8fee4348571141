package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/**
 * The status list credential of a list, signed by its issuer: answered with its JSON text. The same list
 * version always gives the same credential (its dates are the list's), so every process answers alike.
 */
public record SignStatusList(String tenantId, StatusListView list) implements TenantScoped {
}
