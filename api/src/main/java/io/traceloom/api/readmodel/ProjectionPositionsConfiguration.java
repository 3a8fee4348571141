package io.traceloom.api.readmodel;

import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.settings.Role;
import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.ProjectionProgress;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * Where this process learns how far the projections are: from its own processors when it runs all of them (role
 * {@code all}), else from the token store every process shares. A {@code projections} process may hold some
 * segments, or none (a standby), so it too reports the deployment's positions, not its own.
 */
@Configuration(proxyBeanMethods = false)
public class ProjectionPositionsConfiguration {

    @Bean
    public ProjectionPositions projectionPositions(ApiProperties properties, ProjectionProcessors processors,
                                                   ProjectionProgress progress, TokenStoreSegments store,
                                                   DeadLetterQueues deadLetters) {
        if (properties.role() == Role.ALL) {
            return new LocalProcessorPositions(processors, progress, deadLetters);
        }
        return new TokenStorePositions(store, () -> processors.all().keySet(), deadLetters::read);
    }

    /** The token store is watched once the projections are declared (Axon has started). */
    @EventListener(ApplicationReadyEvent.class)
    public void watchTokenStore(ApplicationReadyEvent ready) {
        if (ready.getApplicationContext().getBean(ProjectionPositions.class) instanceof TokenStorePositions store) {
            store.start();
        }
    }
}
