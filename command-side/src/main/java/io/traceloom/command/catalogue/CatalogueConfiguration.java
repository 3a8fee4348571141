package io.traceloom.command.catalogue;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.eventstore.CurrentAggregates;
import io.traceloom.command.config.CommandSideConfiguration.SnapshotThread;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What every tag catalogue aggregate is configured with: {@code @Aggregate(cache = ..., snapshotTriggerDefinition = ...)}. */
@Configuration(proxyBeanMethods = false)
public class CatalogueConfiguration {

    /**
     * Every tag write of a tenant, and every tagged trade item, loads one of the tenant's catalogues: they stay
     * in memory, so a command does not replay their history, not even after a garbage collection. One cache
     * for every kind of catalogue (their identifiers differ), bounded by {@code traceloom.catalogues.cache-size}.
     * A catalogue is used from memory only while the event store shows no newer event of it: what another process
     * changed is loaded.
     */
    @Bean
    public CurrentAggregates tagCatalogueCache(CommandSideProperties properties, EventStore events) {
        return new CurrentAggregates(new CatalogueCache(properties.catalogues().cacheSize()), events);
    }

    /**
     * A catalogue that is not in memory loads from its latest snapshot and the few events after it; the snapshot is
     * a copy of the catalogue in memory, stored on the snapshot thread.
     */
    @Bean
    public SnapshotTriggerDefinition tagCatalogueSnapshots(CurrentAggregates tagCatalogueCache, EventStore events,
                                                           TransactionManager transactions, SnapshotThread thread,
                                                           Snapshotter snapshotter) {
        return new CatalogueSnapshots(new CatalogueSnapshotter(tagCatalogueCache, events, transactions,
                thread.executor(), snapshotter));
    }
}
