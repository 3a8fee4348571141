package io.traceloom.command.tradeitemtag;

import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class TradeItemTagConfiguration {

    /**
     * Every tag write of a tenant, and every tagged trade item, loads the tenant's catalogue: cached, so a
     * command does not replay its whole history.
     */
    @Bean
    public Cache tradeItemTagCatalogueCache() {
        return new WeakReferenceCache();
    }
}
