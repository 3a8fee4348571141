package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Replaces who may consume the commission, until it is consumed.
 *
 * @param expectedVersion the version an {@code If-Match} names, or {@code null}
 */
public record UpdateCustodyCommission(String tenantId, @TargetAggregateIdentifier String commissionId,
                                      List<String> registeredConsumers, Long expectedVersion) implements TenantScoped {

    public UpdateCustodyCommission {
        registeredConsumers = List.copyOf(registeredConsumers);
    }
}
