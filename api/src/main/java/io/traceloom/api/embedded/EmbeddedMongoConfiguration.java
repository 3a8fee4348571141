package io.traceloom.api.embedded;

import com.mongodb.ConnectionString;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.command.config.CommandSideProperties;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.mongo.MongoConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.data.mongodb.uri}, read models and tracking tokens live in a MongoDB server that
 * runs in this process (real wire protocol, memory storage). They are derived data: a clean stop saves them
 * under the data directory and the next start puts them back, when they can be trusted, before any
 * projection runs ({@link SavedReadModels}); otherwise, and after a crash, the projections rebuild them from
 * the event store.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.data.mongodb.uri:}'.isEmpty() and '${spring.data.mongodb.host:}'.isEmpty()")
public class EmbeddedMongoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMongoConfiguration.class);
    private static final String DATABASE = "traceloom";

    @Bean(destroyMethod = "shutdownNow")
    public MongoServer embeddedMongoServer(SavedReadModels savedReadModels) {
        MongoServer server = new MongoServer(new EmbeddedMongoBackend());
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Read models are kept in memory by an embedded MongoDB at {}:{}", address.getHostString(),
                address.getPort());
        savedReadModels.restore(uri(server).getConnectionString());
        return server;
    }

    @Bean
    public SavedReadModels savedReadModels(CommandSideProperties properties, ObjectProvider<DataSource> dataSource,
                                           ObjectProvider<EventSchema> schema) {
        Path directory = properties.dataDir().toAbsolutePath().normalize().resolve("read-models");
        EventStoreLineage lineage = new EventStoreLineage(dataSource.getIfAvailable(),
                schema.getIfAvailable(() -> EventSchema.builder().build()));
        return new SavedReadModels(directory, DATABASE, lineage::head, lineage::identifierAt);
    }

    /** Saves the read models when the service stops: after the projections have stopped, before the server. */
    @Bean
    public DisposableBean readModelsSavedAtStop(MongoServer embeddedMongoServer, SavedReadModels savedReadModels) {
        return () -> savedReadModels.save(uri(embeddedMongoServer).getConnectionString());
    }

    @Bean
    public MongoConnectionDetails embeddedMongoConnectionDetails(MongoServer embeddedMongoServer) {
        ConnectionString uri = uri(embeddedMongoServer);
        return () -> uri;
    }

    private static ConnectionString uri(MongoServer server) {
        InetSocketAddress address = server.getLocalAddress();
        return new ConnectionString("mongodb://" + address.getHostString() + ":" + address.getPort() + "/" + DATABASE);
    }
}
