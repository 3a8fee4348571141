package io.traceloom.command.tradeitemtag;

import io.traceloom.command.catalogue.CatalogueCache;
import io.traceloom.command.catalogue.CatalogueSnapshots;
import io.traceloom.command.config.CommandSideProperties;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class TradeItemTagConfiguration {

    /**
     * Every tag write of a tenant, and every tagged trade item, loads the tenant's catalogue: it stays in
     * memory, so a command does not replay its history, not even after a garbage collection.
     */
    @Bean
    public Cache tradeItemTagCatalogueCache(CommandSideProperties properties) {
        return new CatalogueCache(properties.catalogues().cacheSize());
    }

    /** A catalogue that is not in memory loads from its latest snapshot and the few events after it. */
    @Bean
    public SnapshotTriggerDefinition tradeItemTagCatalogueSnapshots(Snapshotter snapshotter) {
        return new CatalogueSnapshots(snapshotter);
    }
}
