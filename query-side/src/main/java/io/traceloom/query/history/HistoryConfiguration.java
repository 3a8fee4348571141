package io.traceloom.query.history;

import java.util.List;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;

@Configuration(proxyBeanMethods = false)
public class HistoryConfiguration {

    /** Every feature's {@link ResourceHistory} beans; each projection is the bean of its class. */
    @Bean
    public Histories histories(EventStore eventStore, @Qualifier("eventSerializer") Serializer eventSerializer,
                               MongoTemplate mongo, ApplicationContext context,
                               List<ResourceHistory<?>> declarations) {
        return new Histories(eventStore, eventSerializer, mongo.getConverter(), context::getBean, declarations);
    }

    @Bean
    public AuditFeed auditFeed(EventStore eventStore, ObjectProvider<EventStorageEngine> storage,
                               @Qualifier("eventSerializer") Serializer eventSerializer) {
        return new AuditFeed(eventStore, storage.getIfAvailable(), eventSerializer);
    }
}
