package io.traceloom.command.catalogue;

import io.traceloom.command.eventstore.CurrentAggregates;
import java.util.concurrent.Executor;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a catalogue's snapshot from the catalogue in memory. Axon's snapshotter rebuilds the aggregate from its last
 * snapshot and the events after it: for a catalogue of 100,000 tags a second catalogue of some 45 MB beside the
 * cached one, and the old snapshot's bytes, at every snapshot; with writes running, that filled a 256 MB heap's old
 * generation each time, and the full collections that followed set the writes' p99 (BENCHMARKS.md).
 *
 * <p>Here the command whose event crossed the threshold copies its catalogue as it prepares its commit, while it
 * holds the catalogue's lock ({@link CatalogueSnapshots} asks only then; the copy shares the tags, which are
 * immutable records, and copies the two maps that hold them), and the copy is serialized and stored on the snapshot
 * thread once that command has committed. A command that rolls back stores nothing. A catalogue the cache no longer
 * holds, one that cannot be copied, or one asked for elsewhere than in a command preparing its commit (where the
 * lock is not known to be held), is snapshotted the way Axon does.
 */
public final class CatalogueSnapshotter implements Snapshotter {

    private static final Logger log = LoggerFactory.getLogger(CatalogueSnapshotter.class);

    private final CurrentAggregates catalogues;
    private final EventStore events;
    private final TransactionManager transactions;
    private final Executor executor;
    private final Snapshotter fromStore;

    /**
     * @param catalogues   the cache the catalogues' repository keeps them in
     * @param events       where the snapshot is stored
     * @param transactions what the snapshot is stored in
     * @param executor     the thread that serializes and stores it
     * @param fromStore    Axon's snapshotter, for a catalogue that is not in memory
     */
    public CatalogueSnapshotter(CurrentAggregates catalogues, EventStore events, TransactionManager transactions,
                                Executor executor, Snapshotter fromStore) {
        this.catalogues = catalogues;
        this.events = events;
        this.transactions = transactions;
        this.executor = executor;
        this.fromStore = fromStore;
    }

    @Override
    public void scheduleSnapshot(Class<?> aggregateType, String aggregateIdentifier) {
        UnitOfWork<?> command = CurrentUnitOfWork.isStarted() ? CurrentUnitOfWork.get() : null;
        DomainEventMessage<TagCatalogue> snapshot = null;
        if (command != null && command.phase() == UnitOfWork.Phase.PREPARE_COMMIT) { // under the catalogue's lock
            try {
                snapshot = catalogues.held(aggregateIdentifier)
                        .filter(held -> held.getAggregateRoot() instanceof TagCatalogue && held.version() != null)
                        .map(held -> copy(held, aggregateIdentifier))
                        .orElse(null);
            } catch (RuntimeException e) { // a snapshot is an optimisation: the command commits all the same
                log.warn("The catalogue {} could not be copied for its snapshot; Axon's snapshotter takes it",
                        aggregateIdentifier, e);
            }
        }
        if (snapshot == null) {
            fromStore.scheduleSnapshot(aggregateType, aggregateIdentifier);
            return;
        }
        DomainEventMessage<TagCatalogue> copied = snapshot;
        command.afterCommit(committed -> executor.execute(() -> store(copied)));
    }

    private static DomainEventMessage<TagCatalogue> copy(EventSourcedAggregate<?> held, String aggregateIdentifier) {
        TagCatalogue catalogue = (TagCatalogue) held.getAggregateRoot();
        return new GenericDomainEventMessage<>(held.type(), aggregateIdentifier, held.version(), catalogue.copy());
    }

    private void store(DomainEventMessage<?> snapshot) {
        try {
            transactions.executeInTransaction(() -> events.storeSnapshot(snapshot));
        } catch (RuntimeException e) {
            log.warn("The snapshot of {} at event {} was not stored; it loads from the snapshot before and the events "
                    + "after it, and the next is taken as many events later", snapshot.getAggregateIdentifier(),
                    snapshot.getSequenceNumber(), e);
        }
    }
}
