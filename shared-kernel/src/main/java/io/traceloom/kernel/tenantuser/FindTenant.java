package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<TenantView>}. */
public record FindTenant(String tenantId) implements TenantScoped {
}
