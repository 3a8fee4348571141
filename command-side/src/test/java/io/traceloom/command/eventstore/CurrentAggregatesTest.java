package io.traceloom.command.eventstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.catalogue.CatalogueCache;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.ResultMessage;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.Repository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Cached aggregates in two processes over one event store, each process a caching repository of its own: what
 * one records, the other decides on at once, and a cache the store has not moved past answers from memory.
 */
class CurrentAggregatesTest {

    /** The aggregate: the words it was told, counted. */
    static class Tally {
        @AggregateIdentifier
        private String id;
        private int count;
        private String last;

        Tally() {
        }

        Tally(String id, String word) {
            apply(new Counted(id, word));
        }

        void count(String word) {
            apply(new Counted(id, word));
        }

        @EventSourcingHandler
        void on(Counted event) {
            id = event.id();
            count++;
            last = event.word();
        }
    }

    record Counted(String id, String word) {
    }

    /**
     * The in-memory store, counting the events a reader reads. H2 answers an aggregate's last sequence number by
     * reading every entry of the aggregate's index (12 ms for a catalogue of 100,000 tags), so that counts as reading
     * every event of the aggregate.
     */
    static final class CountingStore extends InMemoryEventStorageEngine {
        final AtomicLong read = new AtomicLong();
        final AtomicBoolean failNextAppend = new AtomicBoolean();

        @Override
        public void appendEvents(List<? extends EventMessage<?>> events) {
            if (failNextAppend.getAndSet(false)) {
                throw new IllegalStateException("the append failed");
            }
            super.appendEvents(events);
        }

        @Override
        public Optional<Long> lastSequenceNumberFor(String aggregateIdentifier) {
            Optional<Long> last = super.lastSequenceNumberFor(aggregateIdentifier);
            last.ifPresent(sequence -> read.addAndGet(sequence + 1));
            return last;
        }

        @Override
        public DomainEventStream readEvents(String aggregateIdentifier, long firstSequenceNumber) {
            return DomainEventStream.of(super.readEvents(aggregateIdentifier, firstSequenceNumber).asStream()
                    .peek(event -> read.incrementAndGet()));
        }
    }

    private final CountingStore store = new CountingStore();
    private final EmbeddedEventStore events = EmbeddedEventStore.builder().storageEngine(store).build();

    @AfterEach
    void tearDown() {
        events.shutDown();
    }

    private Repository<Tally> process(Cache cache) {
        return EventSourcingRepository.builder(Tally.class).eventStore(events).cache(cache).build();
    }

    private static <R> R inUnitOfWork(Callable<R> work) throws Exception {
        return DefaultUnitOfWork.startAndGet(null).executeWithResult(work).getPayload();
    }

    private static String seen(Repository<Tally> process) throws Exception {
        return inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally.count + " " + tally.last));
    }

    @Test
    void whatAnotherProcessRecordedIsSeenByTheNextLoad() throws Exception {
        CurrentAggregates firstCache = new CurrentAggregates(new WeakReferenceCache(), events);
        Repository<Tally> first = process(firstCache);
        Repository<Tally> second = process(new CurrentAggregates(new WeakReferenceCache(), events));
        inUnitOfWork(() -> first.newInstance(() -> new Tally("t-1", "one")));
        assertThat(seen(first)).isEqualTo("1 one");

        inUnitOfWork(() -> {
            second.load("t-1").execute(tally -> tally.count("two"));
            return null;
        });

        assertThat(seen(first)).as("the first process, its cache behind the store").isEqualTo("2 two");
        assertThat(firstCache.stale()).isEqualTo(1);
        // and a change of the first, on what it reloaded, takes the next sequence number
        inUnitOfWork(() -> {
            first.load("t-1").execute(tally -> tally.count("three"));
            return null;
        });
        assertThat(seen(second)).isEqualTo("3 three");
        assertThat(events.lastSequenceNumberFor("t-1")).contains(2L);
    }

    @Test
    void anAggregateTheStoreHasNotMovedPastIsAnsweredFromMemory() throws Exception {
        CurrentAggregates cache = new CurrentAggregates(new WeakReferenceCache(), events);
        Repository<Tally> process = process(cache);
        Tally created = inUnitOfWork(() -> process.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));

        Tally loaded = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));
        inUnitOfWork(() -> {
            process.load("t-1").execute(tally -> tally.count("two"));
            return null;
        });
        Tally again = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));

        assertThat(loaded).as("the same instance: not loaded from the store").isSameAs(created);
        assertThat(again).isSameAs(created);
        assertThat(again.count).isEqualTo(2);
        assertThat(cache.stale()).isZero();
    }

    @Test
    void provingACachedAggregateCurrentReadsItsLastEventNotItsHistory() throws Exception {
        CurrentAggregates cache = new CurrentAggregates(new WeakReferenceCache(), events);
        Repository<Tally> process = process(cache);
        Tally created = inUnitOfWork(() -> process.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));
        inUnitOfWork(() -> {
            for (int i = 0; i < 999; i++) {
                process.load("t-1").execute(tally -> tally.count("more"));
            }
            return null;
        });
        store.read.set(0);

        Tally loaded = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));

        assertThat(loaded).as("answered from memory").isSameAs(created);
        assertThat(loaded.count).isEqualTo(1000);
        assertThat(store.read.get()).as("events read to prove it current, of its 1,000").isLessThanOrEqualTo(1);
    }

    @Test
    void aCommandThatFailsWithoutChangingTheAggregateLeavesItInMemory() throws Exception {
        CurrentAggregates cache = new CurrentAggregates(new CatalogueCache(4), events);
        Repository<Tally> process = process(cache);
        Tally created = inUnitOfWork(() -> process.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));
        store.read.set(0);

        ResultMessage<Object> rejected = DefaultUnitOfWork.startAndGet(null).executeWithResult(() -> {
            process.load("t-1").execute(tally -> {
                throw new IllegalArgumentException("rejected, as a command is, before it applies anything");
            });
            return null;
        });
        Tally loaded = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));

        assertThat(rejected.isExceptional()).isTrue();
        assertThat(loaded).as("answered from memory, not loaded from the store again").isSameAs(created);
        assertThat(store.read.get()).as("events read: the last one, twice, to prove it current").isEqualTo(2);
    }

    @Test
    void aCommandThatChangedTheAggregateAndRolledBackLeavesItToTheStore() throws Exception {
        Repository<Tally> process = process(new CurrentAggregates(new CatalogueCache(4), events));
        Tally created = inUnitOfWork(() -> process.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));

        ResultMessage<Object> failed = DefaultUnitOfWork.startAndGet(null).executeWithResult(() -> {
            process.load("t-1").execute(tally -> {
                tally.count("two");
                throw new IllegalStateException("failed after it applied an event");
            });
            return null;
        });
        Tally loaded = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));

        assertThat(failed.isExceptional()).isTrue();
        assertThat(loaded).as("loaded from the store again").isNotSameAs(created);
        assertThat(loaded.count).isEqualTo(1);
        assertThat(loaded.last).isEqualTo("one");
    }

    @Test
    void aCommandWhoseEventsTheStoreRefusedLeavesTheAggregateToTheStore() throws Exception {
        Repository<Tally> process = process(new CurrentAggregates(new CatalogueCache(4), events));
        Tally created = inUnitOfWork(() -> process.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));

        store.failNextAppend.set(true);
        ResultMessage<Object> failed = DefaultUnitOfWork.startAndGet(null).executeWithResult(() -> {
            process.load("t-1").execute(tally -> tally.count("two"));
            return null;
        });
        Tally loaded = inUnitOfWork(() -> process.load("t-1").invoke(tally -> tally));

        assertThat(failed.isExceptional()).isTrue();
        assertThat(loaded).as("loaded from the store again").isNotSameAs(created);
        assertThat(loaded.count).isEqualTo(1);
    }

    /** Axon's cache alone, as the aggregates had it before: the first process decides on what it has in memory. */
    @Test
    void aPlainCacheDoesNotSeeWhatAnotherProcessRecorded() throws Exception {
        Repository<Tally> first = process(new WeakReferenceCache());
        Repository<Tally> second = process(new WeakReferenceCache());
        Tally created = inUnitOfWork(() -> first.newInstance(() -> new Tally("t-1", "one")).invoke(tally -> tally));

        inUnitOfWork(() -> {
            second.load("t-1").execute(tally -> tally.count("two"));
            return null;
        });

        assertThat(seen(first)).isEqualTo("1 one");
        assertThat(created.count).isEqualTo(1);
    }
}
