package io.traceloom.query.schema;

import io.traceloom.kernel.schema.FindSchema;
import io.traceloom.kernel.schema.FindSchemaByUrl;
import io.traceloom.kernel.schema.ListSchemas;
import io.traceloom.kernel.schema.SchemaPage;
import io.traceloom.kernel.schema.SchemaView;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class SchemaQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public SchemaQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<SchemaView> handle(FindSchema query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, SchemaDocument.class, query.schemaId(), query.tenantId())
                : histories.asOf(SchemaHistory.SCHEMAS, query.tenantId(), query.schemaId(), query.asOf()))
                .map(SchemaDocument::toView);
    }

    /** By {@code _id} alone: a schema is public by its URL. */
    @QueryHandler
    public Optional<SchemaView> handle(FindSchemaByUrl query) {
        return Optional.ofNullable(mongo.findById(query.schemaId(), SchemaDocument.class)).map(SchemaDocument::toView);
    }

    @QueryHandler
    public SchemaPage handle(ListSchemas query) {
        MongoPages.Slice<SchemaDocument> slice = MongoPages.listed(mongo, SchemaDocument.class, SchemaDocument::id,
                query.tenantId(), query.page(), query.limit());
        return new SchemaPage(slice.items().stream().map(SchemaDocument::toView).toList(), slice.total());
    }
}
