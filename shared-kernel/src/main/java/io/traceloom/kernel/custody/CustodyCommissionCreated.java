package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/** A sender offered custody under {@code identifier} to the registered consumers. */
@Revision("1")
public record CustodyCommissionCreated(String tenantId, String commissionId, String identifier,
                                       List<String> registeredConsumers) implements TenantScoped {
}
