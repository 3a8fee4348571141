package io.traceloom.kernel.tenantuser;

import io.traceloom.kernel.message.TenantScoped;

/**
 * May this user of this tenant act? Asked for every request of an authenticated caller; answered with an
 * {@link Admission} from two lookups by id, never a scan.
 */
public record CheckAdmission(String tenantId, String userId) implements TenantScoped {
}
