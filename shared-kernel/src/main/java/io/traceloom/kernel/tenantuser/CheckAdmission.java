package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;

/**
 * May this user of this tenant act? Asked for every request of an authenticated caller (but its own
 * registration); answered with an {@link Admission} from two lookups by id, never a scan, and never remembered:
 * what the read models show now decides.
 */
public record CheckAdmission(String tenantId, String userId) implements TenantScoped {
}
