package io.traceloom.query.linkset;

import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.async.SequentialPolicy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class LinkSetProcessingConfiguration {

    /**
     * The resolver's entries are keyed by GS1 key, which passes from one tenant's link set to another's: with
     * several segments, per-tenant order could let an older event of one tenant overwrite a newer one of
     * another. So it handles every event in one sequence (one segment does the work; the others idle).
     */
    @Bean
    public ConfigurerModule resolverInStoreOrder() {
        return configurer -> configurer.eventProcessing()
                .registerSequencingPolicy(ResolverProjection.PROCESSING_GROUP, config -> new SequentialPolicy());
    }
}
