package io.traceloom.command.tradeitem;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitem.DeleteTradeItem;
import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.spring.stereotype.Aggregate;

@Aggregate
public class TradeItem {

    @AggregateIdentifier
    private String id;
    private String tenantId;

    protected TradeItem() {
        // for Axon
    }

    /** Created by {@link TradeItemCommandHandler}, which resolves the tag first. */
    TradeItem(String tenantId, String tradeItemId, String name, TagSnapshot tag) {
        apply(new TradeItemCreated(tenantId, tradeItemId, name, tag));
    }

    /**
     * Another tenant's item does not exist for the caller, whatever else is asked: the tenant is checked
     * before anything could tell that it exists. With an expected version, any change since that version is
     * a conflict: the caller decided to delete something it has not seen.
     */
    @CommandHandler
    public void handle(DeleteTradeItem command) {
        if (!tenantId.equals(command.tenantId())) {
            throw new DomainRejectionException(Rejection.notFound(
                    "Trade item '" + command.tradeItemId() + "' does not exist."));
        }
        Long version = AggregateLifecycle.getVersion();
        if (command.expectedVersion() != null && !command.expectedVersion().equals(version)) {
            throw new DomainRejectionException(Rejection.versionMismatch("Trade item '" + id
                    + "' has changed: it is at version " + version + ", not " + command.expectedVersion() + "."));
        }
        apply(new TradeItemDeleted(tenantId, id));
    }

    @EventSourcingHandler
    void on(TradeItemCreated event) {
        id = event.tradeItemId();
        tenantId = event.tenantId();
    }

    @EventSourcingHandler
    void on(TradeItemDeleted event) {
        markDeleted();
    }
}
