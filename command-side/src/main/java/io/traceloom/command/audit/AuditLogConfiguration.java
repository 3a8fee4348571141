package io.traceloom.command.audit;

import io.traceloom.command.eventstore.CurrentAggregates;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class AuditLogConfiguration {

    /**
     * Each tenant's log is extended about once a second while it is written to: it stays in memory meanwhile,
     * used from there only while the event store shows no newer event of it ({@link CurrentAggregates}).
     */
    @Bean
    public Cache auditLogCache(EventStore events) {
        return new CurrentAggregates(new WeakReferenceCache(), events);
    }

    /**
     * A log that is not in memory loads from its latest snapshot (a few numbers) and at most this many events
     * after it, each of which lists up to a batch of entries.
     */
    @Bean
    public SnapshotTriggerDefinition auditLogSnapshots(Snapshotter snapshotter) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, 32);
    }
}
