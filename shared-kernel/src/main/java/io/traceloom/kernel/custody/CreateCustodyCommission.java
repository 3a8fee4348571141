package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** @param registeredConsumers who may consume it, in the order given */
public record CreateCustodyCommission(String tenantId, @TargetAggregateIdentifier String commissionId, String identifier,
                                      List<String> registeredConsumers) implements TenantScoped {

    public CreateCustodyCommission {
        registeredConsumers = List.copyOf(registeredConsumers);
    }
}
