package io.traceloom.command.catalogue;

import java.io.Serializable;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.SnapshotTrigger;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AggregateLifecycle;

/**
 * When a catalogue is snapshotted: once the events since its last snapshot (or since it was loaded)
 * reach a sixteenth of all its events, and at least {@value #MINIMUM}. Loading a catalogue then reads a
 * snapshot and replays at most a sixteenth more events, whatever its size (replaying an event costs
 * about ten times what reading a tag from the snapshot does); and a snapshot, whose cost grows with the
 * catalogue, is taken as often as its size is worth: about sixteen snapshot entries (some 2.5 KB)
 * written per event, however large the catalogue grows. A fixed count would snapshot a large catalogue
 * far more often, and make a small one replay many events.
 *
 * <p>The snapshot is asked for as the command whose event reached the threshold prepares its commit, while it holds
 * the catalogue's lock: {@link CatalogueSnapshotter} copies the catalogue then. Once per command, however many
 * thresholds a set's events cross (the copy holds them all). Events replayed while the catalogue loads are counted
 * but ask for nothing: Axon's trigger would ask once the load ends, after the lock is released, where a copy could
 * race the next command; here the command's first event asks, under the lock.
 */
public final class CatalogueSnapshots implements SnapshotTriggerDefinition {

    static final int MINIMUM = 1_000;
    static final int FRACTION = 16;

    private final Snapshotter snapshotter;

    public CatalogueSnapshots(Snapshotter snapshotter) {
        this.snapshotter = snapshotter;
    }

    @Override
    public SnapshotTrigger prepareTrigger(Class<?> aggregateType) {
        return new Trigger(snapshotter, aggregateType);
    }

    @Override
    public SnapshotTrigger reconfigure(Class<?> aggregateType, SnapshotTrigger trigger) {
        if (trigger instanceof Trigger known) {
            known.snapshotter = snapshotter;
            return known;
        }
        return prepareTrigger(aggregateType);
    }

    /** The threshold for a catalogue whose last event has {@code sequence}. */
    static long threshold(long sequence) {
        return Math.max(MINIMUM, (sequence + 1) / FRACTION);
    }

    /** Serializable, as Axon's cache entry keeps only such a trigger with the aggregate. */
    private static final class Trigger implements SnapshotTrigger, Serializable {

        private static final long serialVersionUID = 2L;

        private transient Snapshotter snapshotter;
        private final Class<?> aggregateType;
        private long sinceSnapshot;
        private boolean asked;

        Trigger(Snapshotter snapshotter, Class<?> aggregateType) {
            this.snapshotter = snapshotter;
            this.aggregateType = aggregateType;
        }

        @Override
        public void eventHandled(EventMessage<?> message) {
            if (!(message instanceof DomainEventMessage<?> event)
                    || ++sinceSnapshot < threshold(event.getSequenceNumber()) || asked || replaying()) {
                return;
            }
            String aggregateId = event.getAggregateIdentifier();
            if (!CurrentUnitOfWork.isStarted()) {
                sinceSnapshot = 0;
                snapshotter.scheduleSnapshot(aggregateType, aggregateId);
                return;
            }
            asked = true;
            UnitOfWork<?> command = CurrentUnitOfWork.get();
            command.onPrepareCommit(prepared -> {
                sinceSnapshot = 0;
                snapshotter.scheduleSnapshot(aggregateType, aggregateId);
            });
            command.onCleanup(done -> asked = false);
        }

        @Override
        public void initializationFinished() {
            // events replayed ask for nothing (eventHandled): the next one applied does, under the lock
        }

        /** Whether the event is one replayed to load the catalogue, not one a command applied. */
        private static boolean replaying() {
            try {
                return !AggregateLifecycle.isLive();
            } catch (IllegalStateException noAggregateInScope) {
                return false; // handed an event outside an aggregate (a test): as a command's
            }
        }
    }
}
