package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.axonframework.common.stream.BlockingStream;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.TrackedEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.PostgresEventTableFactory;
import org.axonframework.serialization.json.JacksonSerializer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The event store's cache of the latest events, shared by the projections that follow its head, is filled only
 * while one of them follows it. A projection more than {@link StorageConfiguration#CACHED_EVENTS} events behind
 * leaves it and reads the store itself; when every projection had left at once (a burst of writes), the cache
 * stopped at that moment, none could join it again (a projection past its newest event counts as behind it), and
 * none was woken by a new event any more: each found it only when its wait for events ran out, a second later, and
 * every write waited that second for its read models. Each of the two remedies holds on its own.
 */
class ProjectionsAfterABurstTest {

    private EmbeddedEventStore store;
    private EventCacheKeeper keeper;

    /** The JDBC engine on H2, as the embedded default's (whose private reads go on past what they first found). */
    private static EmbeddedEventStore.Builder onH2() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:burst-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
        JacksonSerializer serializer = JacksonSerializer.defaultSerializer();
        JdbcEventStorageEngine engine = JdbcEventStorageEngine.builder()
                .connectionProvider(dataSource::getConnection)
                .transactionManager(NoTransactionManager.INSTANCE)
                .eventSerializer(serializer)
                .snapshotSerializer(serializer)
                .build();
        engine.createSchema(PostgresEventTableFactory.INSTANCE);
        return EmbeddedEventStore.builder().storageEngine(engine).cachedEvents(StorageConfiguration.CACHED_EVENTS);
    }

    @AfterEach
    void stop() {
        if (keeper != null) {
            keeper.stop();
        }
        store.shutDown();
    }

    /** With a stream following the head all along, the cache stays filled and the projection follows it again. */
    @Test
    void aCaughtUpProjectionIsWokenByTheNextEventWhileTheKeeperFollowsTheHead() throws Exception {
        store = onH2().build();
        keeper = new EventCacheKeeper(store);
        keeper.start();

        assertWokenByTheNextEventAfterABurst();
    }

    /** With nobody following the head, the projection reading by itself looks again within a tenth of a second. */
    @Test
    void aCaughtUpProjectionReadingByItselfLooksAgainWithinItsWait() throws Exception {
        store = new PromptEventStore(onH2());

        assertWokenByTheNextEventAfterABurst();
    }

    private void assertWokenByTheNextEventAfterABurst() throws Exception {
        BlockingStream<TrackedEventMessage<?>> projection = store.openStream(null);
        publish(1);
        assertThat(projection.nextAvailable().getPayload()).isEqualTo("event 1");
        assertThat(projection.hasNextAvailable(100, TimeUnit.MILLISECONDS)).as("at the head, it follows the cache")
                .isFalse();

        // a burst it does not keep up with: it leaves the cache at its next read, and reads the store itself
        for (int event = 2; event <= StorageConfiguration.CACHED_EVENTS + 50; event++) {
            publish(event);
        }
        Thread.sleep(500); // the store's own thread reads the burst into the cache meanwhile
        assertThat(projection.nextAvailable().getPayload()).isEqualTo("event 2");
        // one more while it reads the store, which the cache had only if somebody still followed it
        int last = StorageConfiguration.CACHED_EVENTS + 51;
        publish(last);
        for (int event = 3; event <= last; event++) {
            assertThat(projection.nextAvailable().getPayload()).isEqualTo("event " + event);
        }

        // caught up, it waits for the next event as a projection does (up to 5 s), and finds it well within that
        AtomicReference<Thread> waiter = new AtomicReference<>();
        CompletableFuture<Boolean> woken = CompletableFuture.supplyAsync(() -> {
            waiter.set(Thread.currentThread());
            try {
                return projection.hasNextAvailable(5, TimeUnit.SECONDS)
                        || projection.hasNextAvailable(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (waiter.get() == null || waiter.get().getState() != Thread.State.TIMED_WAITING) {
            assertThat(System.nanoTime()).as("the projection waits for events").isLessThan(deadline);
            Thread.sleep(10);
        }
        publish(last + 1);

        assertThat(woken.get(4, TimeUnit.SECONDS)).as("woken by the event, not by the end of its wait").isTrue();
        assertThat(projection.nextAvailable().getPayload()).isEqualTo("event " + (last + 1));
        projection.close();
    }

    private void publish(int event) {
        store.publish(GenericEventMessage.asEventMessage("event " + event));
    }
}
