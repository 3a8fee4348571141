package io.traceloom.command.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.SnapshotTrigger;
import org.axonframework.eventsourcing.Snapshotter;
import org.junit.jupiter.api.Test;

class CatalogueSnapshotsTest {

    private final List<String> snapshots = new ArrayList<>();
    private final Snapshotter snapshotter = (type, id) -> snapshots.add(id);

    @Test
    void aSmallCatalogueIsSnapshottedEveryThousandEvents() {
        SnapshotTrigger trigger = new CatalogueSnapshots(snapshotter).prepareTrigger(Object.class);

        handle(trigger, 0, 2_500);

        assertThat(snapshots).hasSize(2);
    }

    @Test
    void aLargeCatalogueIsSnapshottedOnceASixteenthOfItsEventsFollowTheLastSnapshot() {
        SnapshotTrigger trigger = new CatalogueSnapshots(snapshotter).prepareTrigger(Object.class);
        trigger.initializationFinished();

        // loaded from a snapshot at 100,000 events: the 6,666th event after it is a sixteenth of 106,666
        handle(trigger, 100_000, 6_665);
        assertThat(snapshots).isEmpty();
        handle(trigger, 106_665, 1);
        assertThat(snapshots).hasSize(1);
    }

    @Test
    void loadingPastTheThresholdSnapshotsAtOnce() {
        SnapshotTrigger trigger = new CatalogueSnapshots(snapshotter).prepareTrigger(Object.class);

        handle(trigger, 0, 999);
        trigger.initializationFinished();
        assertThat(snapshots).isEmpty();
        handle(trigger, 999, 1);
        assertThat(snapshots).hasSize(1);
    }

    /** {@code count} events of the catalogue, the first with sequence number {@code from}. */
    private static void handle(SnapshotTrigger trigger, long from, int count) {
        for (long sequence = from; sequence < from + count; sequence++) {
            trigger.eventHandled(new GenericDomainEventMessage<>("TradeItemTagCatalogue", "trade-item-tags:t",
                    sequence, "event"));
        }
    }
}
