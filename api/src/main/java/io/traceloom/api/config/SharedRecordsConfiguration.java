package io.traceloom.api.config;

import io.traceloom.command.storage.WriteOnceRecords;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.MongoDatabaseFactory;

/**
 * With an external MongoDB, the records the service keeps outside the event store and that every process must
 * see alike (issuer keys) live in it, beside the read models. Without, they stay under the data directory (the
 * embedded default's MongoDB lives in memory).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("!'${spring.data.mongodb.uri:}'.isEmpty() or !'${spring.data.mongodb.host:}'.isEmpty()")
public class SharedRecordsConfiguration {

    @Bean
    public WriteOnceRecords.Shared sharedRecords(MongoDatabaseFactory mongo) {
        return MongoWriteOnceRecords.in(mongo.getMongoDatabase());
    }
}
