package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<TenantUserView>}; a deleted user is none. */
public record FindTenantUser(String tenantId, String userId) implements TenantScoped {
}
