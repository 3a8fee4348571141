package io.traceloom.api.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.traceloom.api.embedded.EmbeddedReadModels;
import io.traceloom.api.messaging.RequestMetadata;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.query.processing.QuerySideProperties;
import java.sql.SQLException;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.extensions.mongo.DefaultMongoTemplate;
import org.axonframework.extensions.mongo.eventsourcing.tokenstore.MongoTokenStore;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.axonframework.messaging.correlation.SimpleCorrelationDataProvider;
import org.axonframework.serialization.RevisionResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.data.mongodb.MongoDatabaseFactory;

/**
 * How Axon stores and carries messages here: Jackson everywhere (never XStream), tracking tokens beside
 * the read models in MongoDB, and who/why metadata copied from each command onto its events.
 */
@Configuration(proxyBeanMethods = false)
public class AxonConfiguration {

    /**
     * Its own mapper, not the HTTP one: the HTTP mapper rejects unknown fields, while stored events must stay
     * readable after a field is added to or removed from their record.
     */
    @Bean
    @Primary
    public Serializer serializer(RevisionResolver revisionResolver) {
        JsonMapper mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        return JacksonSerializer.builder().objectMapper(mapper).revisionResolver(revisionResolver).build();
    }

    /**
     * The event tables as db/migration creates them: snake_case, the names Axon's JPA mapping uses too, so
     * an event store can move between the two.
     */
    @Bean
    public EventSchema eventSchema() {
        return EventSchema.builder()
                .eventTable("domain_event_entry")
                .snapshotTable("snapshot_event_entry")
                .globalIndexColumn("global_index")
                .eventIdentifierColumn("event_identifier")
                .aggregateIdentifierColumn("aggregate_identifier")
                .sequenceNumberColumn("sequence_number")
                .typeColumn("type")
                .timestampColumn("time_stamp")
                .payloadTypeColumn("payload_type")
                .payloadRevisionColumn("payload_revision")
                .payloadColumn("payload")
                .metaDataColumn("meta_data")
                .build();
    }

    /**
     * The token of a projection lives and dies with its read model, in the same database. A process claims a
     * segment under its {@code traceloom.node-url} when it has one, so that others can tell where to reach the
     * process that works on it (Axon's default owner, {@code pid@host}, otherwise). With the read models embedded,
     * under {@value #EMBEDDED_OWNER}: they, and the tokens with them, are this process's alone, so a claim left in
     * them by the process before it on the same data directory, killed before it could release it, is taken over at
     * once. Under {@code pid@host}, the next start waited for {@code claimTimeout} to pass before any projection
     * moved: 28-52 s to ready after a kill -9 at 200,000 items, against 8-12 s after a clean stop (BENCHMARKS.md).
     */
    @Bean
    public TokenStore tokenStore(MongoDatabaseFactory mongo, Serializer serializer, QuerySideProperties projections,
                                 ApiProperties properties, Environment environment) {
        MongoTokenStore.Builder store = MongoTokenStore.builder()
                .mongoTemplate(DefaultMongoTemplate.builder().mongoDatabase(mongo.getMongoDatabase()).build())
                .serializer(serializer)
                .claimTimeout(projections.claimTimeout());
        if (!properties.nodeUrl().isBlank()) {
            store.nodeId(properties.nodeUrl().strip());
        } else if (EmbeddedReadModels.in(environment)) {
            store.nodeId(EMBEDDED_OWNER);
        }
        return store.build();
    }

    /** Who claims the projections' segments when the read models are embedded: the one process they are in. */
    static final String EMBEDDED_OWNER = "embedded";

    /**
     * Axon's default resolver does not know H2's error codes, so a concurrent append would surface as a
     * generic failure; SQLState 23505 (unique violation) is the same on H2 and PostgreSQL.
     */
    @Bean
    public PersistenceExceptionResolver uniqueViolationResolver() {
        return exception -> {
            for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
                if (cause instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                    return true;
                }
            }
            return false;
        };
    }

    @Bean
    public CorrelationDataProvider messageOriginProvider() {
        return new MessageOriginProvider();
    }

    @Bean
    public CorrelationDataProvider requestMetadataProvider() {
        return new SimpleCorrelationDataProvider(RequestMetadata.TENANT_ID, RequestMetadata.USER_ID,
                RequestMetadata.REQUEST_ID);
    }
}
