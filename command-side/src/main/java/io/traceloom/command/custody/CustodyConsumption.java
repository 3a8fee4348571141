package io.traceloom.command.custody;

import io.traceloom.kernel.custody.ConsumeCustodyCommission;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Consumes a commission named by its identifier: the identifier's claim leads to the commission, which
 * decides. Both are loaded in this command's unit of work, on the command side's own state: no read model,
 * no query, can be behind.
 */
@Component
public class CustodyConsumption {

    private final IdentifierClaims claims;
    private final Repository<CustodyCommission> commissions;

    public CustodyConsumption(IdentifierClaims claims, Repository<CustodyCommission> commissions) {
        this.claims = claims;
        this.commissions = commissions;
    }

    /** @return the id of the consumed commission */
    @CommandHandler
    public String handle(ConsumeCustodyCommission command) {
        String commissionId = claims.holder(command.tenantId(), command.identifier())
                .orElseThrow(() -> ConsumeRefusals.nothingToConsume(command.identifier()));
        commissions.load(commissionId).execute(commission -> commission.consume(command.tenantId(), command.consumedBy()));
        return commissionId;
    }
}
