package io.traceloom.query.common;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every projection runs in a streaming processor of its own (its {@code @ProcessingGroup}), so it can be
 * replayed alone, and is fed in batches so a rebuild does not write a token per event.
 *
 * <p>Tracking, not pooled streaming, processors: the pooled one gets no "events available" signal from
 * Axon's embedded (JDBC) event store and polls it every 500 ms, which every write would wait for
 * (read-your-writes). The tracking processor blocks on the store's own signal, raised at each commit.
 */
@Configuration(proxyBeanMethods = false)
public class ProjectionProcessingConfiguration {

    @Bean
    public ConfigurerModule projectionProcessing(@Value("${traceloom.projections.batch-size:100}") int batchSize,
                                                 @Value("${traceloom.projections.segments:1}") int segments) {
        return configurer -> configurer.eventProcessing()
                .usingTrackingEventProcessors()
                .registerTrackingEventProcessorConfiguration(config -> TrackingEventProcessorConfiguration
                        .forParallelProcessing(segments)
                        .andInitialSegmentsCount(segments)
                        .andBatchSize(batchSize))
                .registerDefaultSequencingPolicy(config -> new TenantSequencingPolicy());
    }
}
