package io.traceloom.command.common;

import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Aggregates that every write of a tenant touches are cached, so a command does not replay the whole
 * history of, say, a tenant's tag catalogue. Weak references: memory pressure empties the cache, never
 * correctness (the repository falls back to the event store).
 */
@Configuration(proxyBeanMethods = false)
public class AggregateCaches {

    @Bean
    public Cache tradeItemTagCatalogueCache() {
        return new WeakReferenceCache();
    }

    @Bean
    public Cache issuerCache() {
        return new WeakReferenceCache();
    }
}
