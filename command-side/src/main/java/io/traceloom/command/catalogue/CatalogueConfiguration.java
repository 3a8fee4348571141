package io.traceloom.command.catalogue;

import io.traceloom.command.config.CommandSideProperties;
import org.axonframework.common.caching.Cache;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What every tag catalogue aggregate is configured with: {@code @Aggregate(cache = ..., snapshotTriggerDefinition = ...)}. */
@Configuration(proxyBeanMethods = false)
public class CatalogueConfiguration {

    /**
     * Every tag write of a tenant, and every tagged trade item, loads one of the tenant's catalogues: they stay
     * in memory, so a command does not replay their history, not even after a garbage collection. One cache
     * for every kind of catalogue (their identifiers differ), bounded by {@code traceloom.catalogues.cache-size}.
     */
    @Bean
    public Cache tagCatalogueCache(CommandSideProperties properties) {
        return new CatalogueCache(properties.catalogues().cacheSize());
    }

    /** A catalogue that is not in memory loads from its latest snapshot and the few events after it. */
    @Bean
    public SnapshotTriggerDefinition tagCatalogueSnapshots(Snapshotter snapshotter) {
        return new CatalogueSnapshots(snapshotter);
    }
}
