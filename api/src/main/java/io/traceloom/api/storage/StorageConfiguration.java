package io.traceloom.api.storage;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.Closeable;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Durability of the event store. PostgreSQL and Axon Server force their commits to disk before they
 * acknowledge them; an embedded H2 file does not (its commits reach the operating system, or only
 * memory with a write delay), so for it a write waits for a group commit ({@link GroupCommit}).
 */
@Configuration(proxyBeanMethods = false)
public class StorageConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StorageConfiguration.class);

    /**
     * The longest the embedded store keeps a chunk it wrote on its own off the disk: well inside its
     * retention time ({@code EmbeddedDefaults}), after which it may reuse the space of the chunks that one
     * replaced.
     */
    static final Duration IDLE_FORCE = Duration.ofMillis(250);

    /** Events in a database through JDBC (not Axon Server, whose profile leaves the data source out). */
    private static final String JDBC_EVENT_STORE = "'${spring.datasource.url:}'.startsWith('jdbc:') "
            + "and '${axon.axonserver.enabled:false}' == 'false'";

    /**
     * A failed force, or the embedded store closed under the service, is cured by nothing but a restart: liveness
     * then says the process is broken ({@code livenessState} DOWN), so that an orchestrator restarts it. Until then
     * the store writes nothing more: it is shut down at once (H2 has often closed it itself), and its connection
     * pool closed, since a new connection would open the file again, as another database that nothing forces.
     * Every request that needs the store then answers 503.
     */
    @Bean
    public DurableCommits durableCommits(ObjectProvider<DataSource> dataSource, ObjectProvider<MeterRegistry> meters,
                                         ApplicationEventPublisher publisher) throws SQLException {
        DataSource events = dataSource.getIfAvailable();
        Optional<H2StoreForce> h2 = events == null ? Optional.empty() : H2StoreForce.of(events);
        if (h2.isEmpty()) {
            return DurableCommits.BY_THE_STORE;
        }
        log.info("Events are kept in an embedded H2 file; each write answers once a group commit has forced it "
                + "to disk");
        GroupCommit groupCommit = new GroupCommit(h2.get(), "event-store-group-commit", IDLE_FORCE, failure -> {
            stopWriting(h2.get(), events);
            AvailabilityChangeEvent.publish(publisher, h2.get(), LivenessState.BROKEN);
        });
        meters.ifAvailable(registry -> {
            FunctionCounter.builder("traceloom.event.store.group.commits", groupCommit, GroupCommit::forces)
                    .description("group commits of the embedded event store")
                    .register(registry);
            FunctionCounter.builder("traceloom.event.store.syncs", h2.get(), H2StoreForce::syncs)
                    .description("fsyncs of the embedded event store file (a group commit with nothing new skips it)")
                    .register(registry);
            FunctionCounter.builder("traceloom.event.store.durable.waits", groupCommit, GroupCommit::awaits)
                    .description("waits for a force: one per write, and one per batch a projection reads")
                    .register(registry);
        });
        return new ForcedByGroupCommit(groupCommit, h2.get());
    }

    /**
     * The JDBC event store (H2, PostgreSQL) as Axon's auto-configuration builds it, but for what its projections
     * read: durable events only, in batches bounded in bytes ({@link DurableTrackedReads}); and its snapshots
     * compressed ({@link CompressedSnapshots}).
     */
    @Bean
    @ConditionalOnExpression(JDBC_EVENT_STORE)
    public EventStorageEngine eventStorageEngine(Serializer defaultSerializer,
                                                 PersistenceExceptionResolver persistenceExceptionResolver,
                                                 @Qualifier("eventSerializer") Serializer eventSerializer,
                                                 org.axonframework.config.Configuration configuration,
                                                 ConnectionProvider connectionProvider,
                                                 TransactionManager transactionManager,
                                                 EventSchema eventSchema,
                                                 DurableCommits durableCommits) {
        return new DurableTrackedReads(JdbcEventStorageEngine.builder()
                .snapshotSerializer(new CompressedSnapshots(defaultSerializer))
                .upcasterChain(configuration.upcasterChain())
                .persistenceExceptionResolver(persistenceExceptionResolver)
                .eventSerializer(eventSerializer)
                .snapshotFilter(configuration.snapshotFilter())
                .connectionProvider(connectionProvider)
                .transactionManager(transactionManager)
                .schema(eventSchema), durableCommits);
    }

    private static void stopWriting(H2StoreForce store, DataSource pool) {
        try {
            store.shutdownImmediately();
        } catch (RuntimeException alreadyClosed) {
            // closed by H2 after the failure, or being closed
        }
        if (pool instanceof Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException | RuntimeException e) {
                log.warn("The event store's connection pool did not close", e);
            }
        }
    }

    /**
     * How many of the latest events the event store keeps in memory for the projections that follow its head:
     * they share one read of each new event instead of each reading it. Axon keeps 10,000 by default, for events
     * of a few hundred bytes; the largest here (a render) hold about 4 MB in memory (its payload as stored and as
     * read), and 10,000 of those are 40 GB: a client that recorded a few dozen filled a 256 MB heap. A projection
     * more than this many events behind reads the store itself until it has caught up (a batch bounded in bytes,
     * {@link DurableTrackedReads}); it processes at most {@code traceloom.projections.batch-size} (100) events a
     * batch, so it stays within this while it keeps up.
     */
    static final int CACHED_EVENTS = 256;

    /**
     * The event store of the JDBC engine above as Axon's auto-configuration builds it, with {@link #CACHED_EVENTS}, and
     * streams that look for new events at least every {@link PromptEventStore#LOOK_AGAIN}.
     * Axon Server's profile has its own.
     */
    @Bean
    @ConditionalOnExpression(JDBC_EVENT_STORE)
    public EmbeddedEventStore eventStore(EventStorageEngine storageEngine,
                                         org.axonframework.config.Configuration configuration) {
        return new PromptEventStore(EmbeddedEventStore.builder()
                .storageEngine(storageEngine)
                .messageMonitor(configuration.messageMonitor(EventStore.class, "eventStore"))
                .spanFactory(configuration.getComponent(EventBusSpanFactory.class))
                .cachedEvents(CACHED_EVENTS));
    }

    /**
     * Where the projections run (not in role {@code api}, whose processors never start), a stream that keeps the
     * event store's cache of the latest events filled: see {@link EventCacheKeeper}.
     */
    @Bean
    @ConditionalOnExpression(JDBC_EVENT_STORE + " and !'${traceloom.role:all}'.equalsIgnoreCase('api')")
    public EventCacheKeeper eventCacheKeeper(EmbeddedEventStore eventStore) {
        return new EventCacheKeeper(eventStore);
    }

    /** The group commit and the connection it forces through, closed together. */
    record ForcedByGroupCommit(GroupCommit groupCommit, H2StoreForce force)
            implements DurableCommits, AutoCloseable {

        @Override
        public void await() {
            groupCommit.await();
        }

        @Override
        public Optional<Throwable> failure() {
            return groupCommit.failure().or(force::closed);
        }

        @Override
        public void close() throws SQLException {
            groupCommit.close();
            force.close();
        }
    }
}
