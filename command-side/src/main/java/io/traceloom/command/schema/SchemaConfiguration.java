package io.traceloom.command.schema;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.eventstore.CurrentAggregates;
import io.traceloom.command.schema.engine.JsonSchemas;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class SchemaConfiguration {

    @Bean
    public JsonSchemas jsonSchemas(CommandSideProperties properties) {
        return new JsonSchemas(properties.schemas().validationTimeout());
    }

    /**
     * What changes a schema (a put, a use or release by a template or another schema) loads it, and its uses make
     * its history long: cached, so a command does not replay it. Validations do not load it (see
     * {@link StoredSchemas}). A schema is used from memory only while the event store shows no newer event of it
     * ({@link CurrentAggregates}): what another process changed is loaded.
     */
    @Bean
    public Cache schemaCache(EventStore events) {
        return new CurrentAggregates(new WeakReferenceCache(), events);
    }
}
