package io.traceloom.command.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.command.eventstore.CurrentAggregates;
import io.traceloom.command.tradeitemtag.TradeItemTagCatalogue;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.AggregateConfigurer;
import org.axonframework.config.Configuration;
import org.axonframework.config.DefaultConfigurer;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A catalogue's snapshot is taken from the catalogue in memory, as the command that crossed the threshold committed
 * it: not rebuilt from the store (a second catalogue of 100,000 tags beside the cached one), and not while a command
 * that rolls back could still change it.
 */
class CatalogueSnapshotterTest {

    private static final String TENANT = "tenant-1";
    private static final String CATALOGUE = TradeItemTagCatalogueId.of(TENANT);

    private final SnapshotCountingStorage storage = new SnapshotCountingStorage();
    private final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(storage).build();
    private final CurrentAggregates cache = new CurrentAggregates(new CatalogueCache(4), events);
    private Configuration axon;

    @BeforeEach
    void start() {
        axon = DefaultConfigurer.defaultConfiguration()
                .configureEventStore(c -> events)
                .configureAggregate(AggregateConfigurer.defaultConfiguration(TradeItemTagCatalogue.class)
                        .configureCache(c -> cache)
                        .configureSnapshotTrigger(c -> new CatalogueSnapshots(new CatalogueSnapshotter(cache,
                                c.eventStore(), NoTransactionManager.INSTANCE, Runnable::run, c.snapshotter()))))
                .start();
    }

    @AfterEach
    void stop() {
        axon.shutdown();
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
    void aSnapshotNeverHoldsWhatACommandThatRolledBackDid() {
        create(0, CatalogueSnapshots.MINIMUM - 1);

        storage.failNextAppend.set(true);
        assertThatThrownBy(() -> create(CatalogueSnapshots.MINIMUM - 1)).hasMessageContaining("the append failed");
        storage.readSnapshot(CATALOGUE).ifPresent(taken -> {
            assertThat(taken.getSequenceNumber()).isLessThan(CatalogueSnapshots.MINIMUM - 1);
            assertThat(((TradeItemTagCatalogue) taken.getPayload()).liveTag(code(CatalogueSnapshots.MINIMUM - 1)))
                    .isEmpty();
        });

        create(CatalogueSnapshots.MINIMUM - 1);
        assertThat(storage.readSnapshot(CATALOGUE)).hasValueSatisfying(taken ->
                assertThat(taken.getSequenceNumber()).isEqualTo(CatalogueSnapshots.MINIMUM - 1));
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

    /**
     * Counts what loads an aggregate from the store (its snapshot is read first), and fails an append once asked to:
     * the command's unit of work rolls back after its aggregate prepared its commit, the snapshot's trigger included.
     */
    private static final class SnapshotCountingStorage extends InMemoryEventStorageEngine {

        final AtomicInteger snapshotReads = new AtomicInteger();
        final AtomicBoolean failNextAppend = new AtomicBoolean();

        @Override
        public void appendEvents(List<? extends EventMessage<?>> events) {
            if (failNextAppend.getAndSet(false)) {
                throw new IllegalStateException("the append failed");
            }
            super.appendEvents(events);
        }

        @Override
        public Optional<DomainEventMessage<?>> readSnapshot(String aggregateIdentifier) {
            snapshotReads.incrementAndGet();
            return super.readSnapshot(aggregateIdentifier);
        }
    }
}
