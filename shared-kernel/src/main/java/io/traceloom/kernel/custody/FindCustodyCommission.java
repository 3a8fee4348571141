package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<CustodyCommissionView>}. */
public record FindCustodyCommission(String tenantId, String commissionId) implements TenantScoped {
}
