package io.traceloom.command.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.command.eventstore.CurrentAggregates;
import io.traceloom.command.tradeitemtag.TradeItemTagCatalogue;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.SetTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.AggregateConfigurer;
import org.axonframework.config.Configuration;
import org.axonframework.config.DefaultConfigurer;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A catalogue's snapshot is taken from the catalogue in memory, as the command that crossed the threshold prepares its
 * commit under the catalogue's lock: not rebuilt from the store (a second catalogue of 100,000 tags beside the cached
 * one), not after the lock is released, and stored only once that command has committed.
 */
class CatalogueSnapshotterTest {

    private static final String TENANT = "tenant-1";
    private static final String CATALOGUE = TradeItemTagCatalogueId.of(TENANT);

    private final SnapshotCountingStorage storage = new SnapshotCountingStorage();
    private final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(storage).build();
    private final CurrentAggregates cache = new CurrentAggregates(new CatalogueCache(4), events);
    /** The phase of the command's unit of work each time a snapshot was asked for. */
    private final List<UnitOfWork.Phase> asked = new ArrayList<>();
    private Configuration axon;

    @BeforeEach
    void start() {
        axon = DefaultConfigurer.defaultConfiguration()
                .configureEventStore(c -> events)
                .configureAggregate(AggregateConfigurer.defaultConfiguration(TradeItemTagCatalogue.class)
                        .configureCache(c -> cache)
                        .configureSnapshotTrigger(c -> new CatalogueSnapshots(recordingPhases(new CatalogueSnapshotter(
                                cache, c.eventStore(), NoTransactionManager.INSTANCE, Runnable::run, c.snapshotter())))))
                .start();
    }

    @AfterEach
    void stop() {
        axon.shutdown();
    }

    private Snapshotter recordingPhases(Snapshotter snapshotter) {
        return (type, id) -> {
            asked.add(CurrentUnitOfWork.get().phase());
            snapshotter.scheduleSnapshot(type, id);
        };
    }

    @Test
    void aNewCatalogueIsSnapshottedAsTheCommandThatCrossesTheThresholdPreparesItsCommit() {
        create(0, CatalogueSnapshots.MINIMUM);

        assertThat(asked).as("under the catalogue's lock").containsExactly(UnitOfWork.Phase.PREPARE_COMMIT);
    }

    @Test
    void eventsReplayedPastTheThresholdAskForASnapshotAtTheNextCommandUnderItsLock() {
        int stored = CatalogueSnapshots.MINIMUM + 200;
        DefaultUnitOfWork.startAndGet(null).execute(() -> {
            for (int i = 0; i < stored; i++) {
                events.publish(new GenericDomainEventMessage<>("TradeItemTagCatalogue", CATALOGUE, i,
                        new TradeItemTagCreated(TENANT, "tag-" + i, code(i), "Tag " + i, null)));
            }
        });

        create(stored);

        assertThat(asked).as("not after the load released the lock").containsExactly(UnitOfWork.Phase.PREPARE_COMMIT);
        assertThat(storage.readSnapshot(CATALOGUE)).hasValueSatisfying(taken -> {
            assertThat(taken.getSequenceNumber()).isEqualTo(stored);
            assertThat(((TradeItemTagCatalogue) taken.getPayload()).liveTag(code(stored))).isPresent();
        });
    }

    @Test
    void aSetThatCrossesTheThresholdTwiceIsSnapshottedOnce() {
        int tags = 2 * CatalogueSnapshots.MINIMUM + 500;
        axon.commandGateway().sendAndWait(new SetTradeItemTags(TENANT, IntStream.range(0, tags)
                .mapToObj(i -> new TagInput(code(i), "Tag " + i, null)).toList()));

        assertThat(asked).containsExactly(UnitOfWork.Phase.PREPARE_COMMIT);
        assertThat(storage.readSnapshot(CATALOGUE)).hasValueSatisfying(taken ->
                assertThat(taken.getSequenceNumber()).isEqualTo(tags - 1));
    }

    @Test
    void theSnapshotIsTheCatalogueInMemoryAsTheCommandCommittedIt() {
        create(0);
        storage.snapshotReads.set(0);

        create(1, CatalogueSnapshots.MINIMUM);

        assertThat(storage.snapshotReads).as("the snapshot was not built by reading the catalogue from the store")
                .hasValue(0);
        Optional<DomainEventMessage<?>> snapshot = storage.readSnapshot(CATALOGUE);
        assertThat(snapshot).as("a snapshot at the thousandth event").hasValueSatisfying(taken ->
                assertThat(taken.getSequenceNumber()).isEqualTo(CatalogueSnapshots.MINIMUM - 1));
        TradeItemTagCatalogue snapshotted = (TradeItemTagCatalogue) snapshot.get().getPayload();
        assertThat(snapshotted.liveTag(code(CatalogueSnapshots.MINIMUM - 1))).isPresent();

        create(CatalogueSnapshots.MINIMUM);
        assertThat(snapshotted.liveTag(code(CatalogueSnapshots.MINIMUM)))
                .as("a copy, which the catalogue's later changes leave as it was").isEmpty();
    }

    @Test
    void aCatalogueLoadedFromItsSnapshotDecidesAsTheOneInMemoryDid() {
        create(0, CatalogueSnapshots.MINIMUM + 5);
        cache.removeAll();
        storage.snapshotReads.set(0);

        create(CatalogueSnapshots.MINIMUM + 5);
        assertThat(storage.snapshotReads).as("loaded from the snapshot").hasValue(1);

        assertThatThrownBy(() -> create(3)).hasMessageContaining("already exists");
    }

    @Test
    void aCommandWhoseCommitFailsAfterTheCopyStoresNoSnapshot() {
        create(0, CatalogueSnapshots.MINIMUM - 1);
        axon.commandBus().registerHandlerInterceptor((unitOfWork, chain) -> {
            unitOfWork.onCommit(u -> {
                throw new IllegalStateException("the commit failed");
            });
            return chain.proceed();
        });

        assertThatThrownBy(() -> create(CatalogueSnapshots.MINIMUM - 1)).hasMessageContaining("the commit failed");

        assertThat(asked).as("copied as it prepared its commit").containsExactly(UnitOfWork.Phase.PREPARE_COMMIT);
        assertThat(storage.readSnapshot(CATALOGUE)).as("but not stored: it did not commit").isEmpty();
    }

    /** Tags {@code from} (included) to {@code end} (excluded). */
    private void create(int from, int end) {
        for (int i = from; i < end; i++) {
            create(i);
        }
    }

    private void create(int i) {
        axon.commandGateway().sendAndWait(new CreateTradeItemTag(TENANT, "tag-" + i, code(i), "Tag " + i, null));
    }

    private static String code(int i) {
        return "CODE-" + i;
    }

    /** Counts what loads an aggregate from the store: its snapshot is read first. */
    private static final class SnapshotCountingStorage extends InMemoryEventStorageEngine {

        final AtomicInteger snapshotReads = new AtomicInteger();

        @Override
        public Optional<DomainEventMessage<?>> readSnapshot(String aggregateIdentifier) {
            snapshotReads.incrementAndGet();
            return super.readSnapshot(aggregateIdentifier);
        }
    }
}
