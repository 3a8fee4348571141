package io.traceloom.query.audit;

import io.traceloom.query.processing.BackgroundProcessor;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.data.mongodb.core.MongoTemplate;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AuditProperties.class)
public class AuditConfiguration {

    /** The appender follows the store on its own: writes do not wait for it. */
    @Bean
    public BackgroundProcessor auditLogAppenderProcessor() {
        return new BackgroundProcessor(AuditLogAppender.PROCESSING_GROUP);
    }

    /** Beside the appender: where it holds a segment, this process checks the logs. */
    @Bean
    public AuditLogScrub auditLogScrub(MongoTemplate mongo, AuditLogChecks checks, AuditProperties properties,
                                       @Lazy EventProcessingConfiguration processing) {
        return new AuditLogScrub(mongo, checks, properties.scrubRate(), () -> processing
                .eventProcessor(AuditLogAppender.PROCESSING_GROUP, StreamingEventProcessor.class)
                .map(processor -> !processor.processingStatus().isEmpty()).orElse(false));
    }
}
