package io.traceloom.command.schema;

import io.traceloom.command.config.CommandSideProperties;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class SchemaConfiguration {

    @Bean
    public JsonSchemas jsonSchemas(CommandSideProperties properties) {
        return new JsonSchemas(properties.schemas().validationTimeout());
    }

    /** Every validation loads the schema (and those it refers to): cached, so none replays its history. */
    @Bean
    public Cache schemaCache() {
        return new WeakReferenceCache();
    }
}
