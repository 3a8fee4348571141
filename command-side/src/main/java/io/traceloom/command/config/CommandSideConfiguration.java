package io.traceloom.command.config;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.annotation.HandlerDefinition;
import org.axonframework.messaging.annotation.ParameterResolverFactory;
import org.axonframework.spring.eventsourcing.SpringAggregateSnapshotter;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CommandSideProperties.class)
public class CommandSideConfiguration {

    /**
     * Axon's snapshotter as its auto-configuration builds it, but taking snapshots on a thread of its own:
     * by default the command that triggers a snapshot builds it before it answers, while it still holds
     * the aggregate's lock (for a catalogue of 100,000 tags: a snapshot of megabytes).
     */
    @Bean
    public SpringAggregateSnapshotter aggregateSnapshotter(Configuration configuration, EventStore eventStore,
                                                           TransactionManager transactionManager,
                                                           ParameterResolverFactory parameterResolverFactory,
                                                           HandlerDefinition handlerDefinition,
                                                           SnapshotThread snapshotThread) {
        return SpringAggregateSnapshotter.builder()
                .repositoryProvider(configuration::repository)
                .transactionManager(transactionManager)
                .eventStore(eventStore)
                .parameterResolverFactory(parameterResolverFactory)
                .handlerDefinition(handlerDefinition)
                .executor(snapshotThread.executor)
                .build();
    }

    @Bean
    public SnapshotThread snapshotThread() {
        return new SnapshotThread();
    }

    /** The thread snapshots are taken on; not an {@code Executor} bean, which Spring Boot would take for its own. */
    public static final class SnapshotThread implements AutoCloseable {

        private final ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "aggregate-snapshots");
            thread.setDaemon(true);
            return thread;
        });

        /** Runs what it is given on the snapshot thread, one after another. */
        public Executor executor() {
            return executor;
        }

        @Override
        public void close() {
            executor.shutdown();
        }
    }
}
