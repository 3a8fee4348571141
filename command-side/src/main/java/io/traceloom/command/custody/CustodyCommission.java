package io.traceloom.command.custody;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.custody.CreateCustodyCommission;
import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.custody.CustodyCommissionCreated;
import io.traceloom.kernel.custody.CustodyCommissionDeleted;
import io.traceloom.kernel.custody.CustodyCommissionUpdated;
import io.traceloom.kernel.custody.DeleteCustodyCommission;
import io.traceloom.kernel.custody.UpdateCustodyCommission;
import io.traceloom.kernel.message.Rejection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A one-time handover of custody: the sender names who may receive it, and exactly one of them consumes it.
 * Once consumed it is the record of the handover: it can no longer change or be deleted.
 *
 * <p>Consumed exactly once, whatever the concurrency: {@link #consume} decides on the state this aggregate
 * was loaded with and records one event at the next sequence number; a second consumer deciding on the same
 * state, in this process (the repository's lock) or another (the event store's unique aggregate id and
 * sequence), cannot record a second one. While it exists it holds its identifier ({@link IdentifierClaims}).
 */
@Aggregate
public class CustodyCommission {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String identifier;
    private List<String> registeredConsumers;
    private boolean consumed;

    protected CustodyCommission() {
        // for Axon
    }

    @CommandHandler
    public CustodyCommission(CreateCustodyCommission command, IdentifierClaims claims) {
        requireDistinct(command.registeredConsumers());
        claims.claim(command.tenantId(), command.identifier(), command.commissionId());
        apply(new CustodyCommissionCreated(command.tenantId(), command.commissionId(), command.identifier(),
                command.registeredConsumers()));
    }

    /** Who may consume it, until it is consumed. The same consumers again record nothing. */
    @CommandHandler
    public void handle(UpdateCustodyCommission command) {
        requireOwnVersion(command.tenantId(), command.expectedVersion());
        if (consumed) {
            throw new DomainRejectionException(Rejection.conflict(null, "Custody commission '" + id
                    + "' has been consumed: it is the record of a handover and no longer changes."));
        }
        requireDistinct(command.registeredConsumers());
        if (!command.registeredConsumers().equals(registeredConsumers)) {
            apply(new CustodyCommissionUpdated(tenantId, id, command.registeredConsumers()));
        }
    }

    /** Withdraws an open commission; its identifier is free again. */
    @CommandHandler
    public void handle(DeleteCustodyCommission command, IdentifierClaims claims) {
        requireOwnVersion(command.tenantId(), command.expectedVersion());
        if (consumed) {
            throw new DomainRejectionException(Rejection.conflict(null, "Custody commission '" + id
                    + "' has been consumed: the record of a handover is kept."));
        }
        claims.release(tenantId, identifier, id);
        apply(new CustodyCommissionDeleted(tenantId, id, identifier));
    }

    /**
     * Hands custody to {@code consumedBy}, once. A consumed commission is not there to consume, so the
     * answer is the same as for one that never was: the caller learns nothing more.
     */
    void consume(String tenantId, String consumedBy) {
        if (consumed || !this.tenantId.equals(tenantId)) {
            throw ConsumeRefusals.nothingToConsume(identifier);
        }
        if (!registeredConsumers.contains(consumedBy)) {
            throw new DomainRejectionException(Rejection.invalid("consumedBy",
                    "is not a registered consumer of this custody commission"));
        }
        apply(new CustodyCommissionConsumed(tenantId, id, identifier, consumedBy));
    }

    /** Another tenant's commission does not exist for the caller, before any other check. */
    private void requireOwnVersion(String callerTenantId, Long expectedVersion) {
        if (!tenantId.equals(callerTenantId)) {
            throw new DomainRejectionException(Rejection.notFound("Custody commission '" + id + "' does not exist."));
        }
        Long version = AggregateLifecycle.getVersion();
        if (expectedVersion != null && !expectedVersion.equals(version)) {
            throw new DomainRejectionException(Rejection.versionMismatch("Custody commission '" + id
                    + "' has changed: it is at version " + version + ", not " + expectedVersion + "."));
        }
    }

    private static void requireDistinct(List<String> consumers) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < consumers.size(); i++) {
            Integer first = seen.putIfAbsent(consumers.get(i), i);
            if (first != null) {
                throw new DomainRejectionException(Rejection.invalid("registeredConsumers[" + i + "]",
                        "repeats registeredConsumers[" + first + "]: each consumer is registered once"));
            }
        }
    }

    @EventSourcingHandler
    void on(CustodyCommissionCreated event) {
        id = event.commissionId();
        tenantId = event.tenantId();
        identifier = event.identifier();
        registeredConsumers = event.registeredConsumers();
    }

    @EventSourcingHandler
    void on(CustodyCommissionUpdated event) {
        registeredConsumers = event.registeredConsumers();
    }

    @EventSourcingHandler
    void on(CustodyCommissionConsumed event) {
        consumed = true;
    }

    @EventSourcingHandler
    void on(CustodyCommissionDeleted event) {
        markDeleted();
    }
}
