package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<CustodyCommissionView>}.
 *
 * @param asOf {@code null} for the commission as it stands now (its read model); an instant for the commission
 *             as it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then, or had been deleted)
 */
public record FindCustodyCommission(String tenantId, String commissionId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindCustodyCommission(String tenantId, String commissionId) {
        this(tenantId, commissionId, null);
    }
}
