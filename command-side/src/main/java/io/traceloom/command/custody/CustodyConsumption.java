package io.traceloom.command.custody;

import io.traceloom.kernel.custody.ConsumeCustodyCommission;
import java.util.Optional;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Consumes a commission named by its identifier: the identifier's claim leads to the commission, which
 * decides. Both are read in this command's unit of work, on the command side's own state: no read model,
 * no query, can be behind.
 *
 * <p>Only the commission is locked: the identifier's holder is read without its lock ({@link IdentifierClaims}),
 * so a consume takes locks in the order every other change of a commission does (the commission, then its
 * identifier), and a consume racing a delete is decided by the commission's lock, not by a deadlock. A commission
 * withdrawn between the lookup and its load is gone: the identifier is looked up again, since another commission
 * may hold it by then.
 */
@Component
public class CustodyConsumption {

    /** How many holders one consume follows, each found withdrawn when loaded: each time, another took its place. */
    static final int HOLDERS_FOLLOWED = 3;

    private final IdentifierClaims claims;
    private final Repository<CustodyCommission> commissions;

    public CustodyConsumption(IdentifierClaims claims, Repository<CustodyCommission> commissions) {
        this.claims = claims;
        this.commissions = commissions;
    }

    /** @return the id of the consumed commission */
    @CommandHandler
    public String handle(ConsumeCustodyCommission command) {
        Optional<String> holder = claims.holder(command.tenantId(), command.identifier());
        for (int followed = 1; holder.isPresent() && followed <= HOLDERS_FOLLOWED; followed++) {
            String commissionId = holder.get();
            try {
                commissions.load(commissionId)
                        .execute(commission -> commission.consume(command.tenantId(), command.consumedBy()));
                return commissionId;
            } catch (AggregateNotFoundException withdrawn) {
                Optional<String> now = claims.holder(command.tenantId(), command.identifier());
                if (now.equals(holder)) {
                    break;
                }
                holder = now;
            }
        }
        throw ConsumeRefusals.nothingToConsume(command.identifier());
    }
}
