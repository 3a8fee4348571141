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

    /**
     * What changes a schema (a put, a use or release by a template or another schema) loads it, and its uses make
     * its history long: cached, so a command does not replay it. Validations do not load it (see
     * {@link StoredSchemas}). A command decided on a copy another process has since moved past is refused by the
     * event store (its sequence number is taken) and leaves the cache.
     */
    @Bean
    public Cache schemaCache() {
        return new WeakReferenceCache();
    }
}
