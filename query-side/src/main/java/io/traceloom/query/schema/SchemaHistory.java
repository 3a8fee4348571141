package io.traceloom.query.schema;

import io.traceloom.kernel.schema.SchemaIds;
import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A schema is an aggregate named after its id; who used it and when is part of its history. */
@Configuration(proxyBeanMethods = false)
public class SchemaHistory {

    public static final ResourceHistory<SchemaDocument> SCHEMAS = ResourceHistory
            .of("schemas", SchemaProjection.class, SchemaDocument.class)
            .heldBy((tenantId, id) -> SchemaIds.aggregateId(id));

    @Bean
    public ResourceHistory<SchemaDocument> schemaResourceHistory() {
        return SCHEMAS;
    }
}
