package io.traceloom.query.common;

import org.axonframework.config.ConfigurerModule;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every projection runs in a pooled streaming processor of its own (its {@code @ProcessingGroup}), so it
 * can be replayed alone, and is fed in batches so a rebuild does not write a token per event.
 */
@Configuration(proxyBeanMethods = false)
public class ProjectionProcessingConfiguration {

    @Bean
    public ConfigurerModule projectionProcessing(@Value("${traceloom.projections.batch-size:100}") int batchSize,
                                                 @Value("${traceloom.projections.segments:1}") int segments) {
        return configurer -> configurer.eventProcessing()
                .usingPooledStreamingEventProcessors((config, builder) -> builder
                        .batchSize(batchSize)
                        .initialSegmentCount(segments))
                .registerDefaultSequencingPolicy(config -> new TenantSequencingPolicy());
    }
}
