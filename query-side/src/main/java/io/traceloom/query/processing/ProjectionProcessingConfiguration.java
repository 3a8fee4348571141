package io.traceloom.query.processing;

import io.traceloom.query.readmodel.ReadModelFlush;
import java.util.concurrent.TimeUnit;
import java.util.Set;
import java.util.TreeSet;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every projection runs in a streaming processor of its own (its {@code @ProcessingGroup}), so it can be
 * replayed alone, and is fed in batches so a rebuild does not write a token per event.
 *
 * <p>Tracking, not pooled streaming, processors: the pooled one gets no "events available" signal from
 * Axon's embedded (JDBC) event store and polls it every 500 ms, which every write would wait for
 * (read-your-writes). The tracking processor blocks on the store's own signal, raised at each commit.
 *
 * <p>No transaction manager: read models and tokens live in MongoDB, outside the event store's JDBC
 * transaction. Given one, the tracking processor would store a batch's token before handling the batch,
 * trusting the transaction to undo it on failure; without, it stores the token after the batch's
 * read-model writes (see {@link ReadModelFlush}), so a crash can repeat a batch but never skip one.
 *
 * <p>A handler that throws never makes the projection skip the event (Axon's default would log the exception
 * and move the token past it, leaving the read model wrong for good). Which failure does what is
 * {@link PoisonEvents}': an event the projection cannot handle is parked, with the rest of its sequence (its
 * tenant), in the projection's dead-letter queue ({@link DeadLetterQueues}), and every other sequence goes on;
 * MongoDB failing fails the batch, which is rolled back and handled again after a pause that doubles from 1 s
 * to 60 s, until the database is back. {@link ProjectionFailures} tells what a projection is stuck at,
 * {@link DeadLetterQueues} what it has parked. A {@link BackgroundProcessor} has no dead-letter queue: its batch
 * fails and is tried again.
 *
 * <p>Several processes may run the projections: each segment is worked on by the process that holds its claim
 * in the token store, and one whose claim lapses is taken over by another ({@link QuerySideProperties}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(QuerySideProperties.class)
public class ProjectionProcessingConfiguration {

    /** How long a projection's shutdown waits for each worker before interrupting it (Axon waits 5 s). */
    static final long WORKER_TERMINATION_SECONDS = 30;

    @Bean
    public ConfigurerModule projectionProcessing(QuerySideProperties properties, ProjectionProgress progress,
                                                 ProjectionFailures failures, DeadLetterQueues deadLetters,
                                                 ListableBeanFactory beans) {
        ReadModelFlush flush = new ReadModelFlush();
        return configurer -> {
            EventProcessingConfigurer processing = configurer.eventProcessing();
            configure(processing, properties, progress, failures, flush);
            // by name: a queue registered for a processing group is used whatever else provides queues
            // (Axon's auto-configuration provides JDBC ones to the groups its properties enable)
            for (String projection : projections(beans)) {
                processing.registerDeadLetterQueue(projection, config ->
                                deadLetters.queue(projection, config.eventSerializer()))
                        .registerDeadLetterPolicy(projection, config -> PoisonEvents.policy(projection,
                                config.eventProcessingConfiguration().sequencingPolicy(projection), false))
                        .registerDeadLetteringEventHandlerInvokerConfiguration(projection, (config, invoker) -> invoker
                                .listenerInvocationErrorHandler(PoisonEvents.DISCARD_WRITES)
                                // only sequences parked here are looked up in the queue, not every event's
                                .enableSequenceIdentifierCache()
                                // resetting the projection's tokens starts its read model afresh: its queue too
                                .allowReset(true));
            }
        };
    }

    /**
     * The processing groups of the projections, from their beans' annotations (none is created for it). Not a
     * {@link BackgroundProcessor}'s: it keeps no read model to take an event's writes back from, and what it does
     * with an event must not be skipped (the audit log's appender would leave the event out of the log for good),
     * so a failure fails its batch, which is tried again until it goes through.
     */
    static Set<String> projections(ListableBeanFactory beans) {
        Set<String> names = new TreeSet<>();
        for (String bean : beans.getBeanNamesForAnnotation(ProcessingGroup.class)) {
            ProcessingGroup group = beans.findAnnotationOnBean(bean, ProcessingGroup.class);
            if (group != null) {
                names.add(group.value());
            }
        }
        beans.getBeansOfType(BackgroundProcessor.class).values().forEach(background -> names.remove(background.name()));
        return names;
    }

    private static void configure(EventProcessingConfigurer processing, QuerySideProperties properties,
                                  ProjectionProgress progress, ProjectionFailures failures, ReadModelFlush flush) {
        processing
                .usingTrackingEventProcessors()
                .registerTrackingEventProcessorConfiguration(config -> TrackingEventProcessorConfiguration
                        .forParallelProcessing(properties.segments())
                        .andInitialSegmentsCount(properties.segments())
                        .andBatchSize(properties.batchSize())
                        .andTokenClaimInterval(properties.claimInterval().toMillis(), TimeUnit.MILLISECONDS)
                        // a worker stops after its batch; one still busy when this is up is interrupted, and an
                        // interrupt during the embedded event store's file I/O closed the store's file for every
                        // thread (the store now opens it again). Axon's 5 s were short for a batch under load.
                        .andWorkerTerminationTimeout(WORKER_TERMINATION_SECONDS, TimeUnit.SECONDS)
                        .andEventTrackerStatusChangeListener(progress))
                .registerDefaultSequencingPolicy(config -> new TenantSequencingPolicy())
                .registerDefaultTransactionManager(config -> NoTransactionManager.instance())
                .registerDefaultListenerInvocationErrorHandler(config -> PropagatingErrorHandler.instance())
                .registerDefaultErrorHandler(config -> PropagatingErrorHandler.instance())
                // in this order: the failure watch sees what the flush of the batch's writes throws too
                .registerDefaultHandlerInterceptor((config, projection) -> failures.watch(projection))
                .registerDefaultHandlerInterceptor((config, projection) -> flush);
    }
}
