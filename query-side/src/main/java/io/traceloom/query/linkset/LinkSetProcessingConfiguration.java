package io.traceloom.query.linkset;

import org.axonframework.config.ConfigurerModule;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class LinkSetProcessingConfiguration {

    /** The one sequence of the resolver's events, by its name (as its dead-letter queue keeps it). */
    public static final String RESOLVER_SEQUENCE = "all";

    /**
     * The resolver's entries are keyed by GS1 key, which passes from one tenant's link set to another's: with
     * several segments, per-tenant order could let an older event of one tenant overwrite a newer one of
     * another. So it handles every event in one sequence (one segment does the work; the others idle). The
     * sequence has a name, not Axon's {@code SequentialPolicy}'s object: an event the resolver cannot handle
     * parks the sequence in its dead-letter queue, which must know it again after a restart.
     */
    @Bean
    public ConfigurerModule resolverInStoreOrder() {
        return configurer -> configurer.eventProcessing()
                .registerSequencingPolicy(ResolverProjection.PROCESSING_GROUP, config -> event -> RESOLVER_SEQUENCE);
    }
}
