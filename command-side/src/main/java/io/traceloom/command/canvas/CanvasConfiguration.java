package io.traceloom.command.canvas;

import io.traceloom.command.eventstore.CurrentAggregates;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CanvasConfiguration {

    /**
     * Every render loads its template: cached, so none replays the template's history; used from memory only
     * while the event store shows no newer event of it ({@link CurrentAggregates}).
     */
    @Bean
    public Cache canvasTemplateCache(EventStore events) {
        return new CurrentAggregates(new WeakReferenceCache(), events);
    }
}
