package io.traceloom.command.catalogue;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.AbstractSnapshotTrigger;
import org.axonframework.eventsourcing.SnapshotTrigger;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;

/**
 * When a catalogue is snapshotted: once the events since its last snapshot (or since it was loaded)
 * reach a sixteenth of all its events, and at least {@value #MINIMUM}. Loading a catalogue then reads a
 * snapshot and replays at most a sixteenth more events, whatever its size (replaying an event costs
 * about ten times what reading a tag from the snapshot does); and a snapshot, whose cost grows with the
 * catalogue, is taken as often as its size is worth: about sixteen snapshot entries (some 2.5 KB)
 * written per event, however large the catalogue grows. A fixed count would snapshot a large catalogue
 * far more often, and make a small one replay many events.
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
            known.setSnapshotter(snapshotter);
            return known;
        }
        return prepareTrigger(aggregateType);
    }

    /** The threshold for a catalogue whose last event has {@code sequence}. */
    static long threshold(long sequence) {
        return Math.max(MINIMUM, (sequence + 1) / FRACTION);
    }

    private static final class Trigger extends AbstractSnapshotTrigger {

        private static final long serialVersionUID = 1L;

        private long sinceSnapshot;
        private long sequence;

        Trigger(Snapshotter snapshotter, Class<?> aggregateType) {
            super(snapshotter, aggregateType);
        }

        @Override
        public void eventHandled(EventMessage<?> message) {
            if (message instanceof DomainEventMessage<?> event) {
                sequence = event.getSequenceNumber();
            }
            super.eventHandled(message);
        }

        @Override
        protected boolean exceedsThreshold() {
            return ++sinceSnapshot >= threshold(sequence);
        }

        @Override
        protected void reset() {
            sinceSnapshot = 0;
        }
    }
}
