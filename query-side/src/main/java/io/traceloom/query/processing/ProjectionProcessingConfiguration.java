package io.traceloom.query.processing;

import io.traceloom.query.readmodel.ReadModelFlush;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
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
 * <p>A handler that throws fails its batch ({@link PropagatingErrorHandler}): Axon's default would log the
 * exception and move the token past the event, leaving the read model wrong for good. Failed, the batch is
 * rolled back and the tracking processor handles it again after a pause that doubles from 1 s to 60 s,
 * until the cause is gone. {@link ProjectionFailures} tells what it is stuck at.
 *
 * <p>Several processes may run the projections: each segment is worked on by the process that holds its claim
 * in the token store, and one whose claim lapses is taken over by another ({@link QuerySideProperties}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(QuerySideProperties.class)
public class ProjectionProcessingConfiguration {

    @Bean
    public ConfigurerModule projectionProcessing(QuerySideProperties properties, ProjectionProgress progress,
                                                 ProjectionFailures failures) {
        ReadModelFlush flush = new ReadModelFlush();
        return configurer -> configurer.eventProcessing()
                .usingTrackingEventProcessors()
                .registerTrackingEventProcessorConfiguration(config -> TrackingEventProcessorConfiguration
                        .forParallelProcessing(properties.segments())
                        .andInitialSegmentsCount(properties.segments())
                        .andBatchSize(properties.batchSize())
                        .andTokenClaimInterval(properties.claimInterval().toMillis(), TimeUnit.MILLISECONDS)
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
