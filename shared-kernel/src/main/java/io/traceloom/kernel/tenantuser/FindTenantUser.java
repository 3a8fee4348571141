package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<TenantUserView>}; a deleted user is none.
 *
 * @param asOf {@code null} for the user as it stands now (its read model); an instant for the user as it was
 *             then, folded from its events by its projection's own handlers (none when it was not registered
 *             then, or deleted)
 */
public record FindTenantUser(String tenantId, String userId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindTenantUser(String tenantId, String userId) {
        this(tenantId, userId, null);
    }
}
