package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/** Who may consume the commission changed. */
@Revision("1")
public record CustodyCommissionUpdated(String tenantId, String commissionId, List<String> registeredConsumers)
        implements TenantScoped {
}
