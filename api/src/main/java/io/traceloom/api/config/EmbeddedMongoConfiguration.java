package io.traceloom.api.config;

import com.mongodb.ConnectionString;
import de.bwaldvogel.mongo.MongoServer;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.mongo.MongoConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.data.mongodb.uri}, read models and tracking tokens live in a MongoDB server that
 * runs in this process (real wire protocol, memory storage). They are derived data: every start rebuilds
 * them from the event store.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.data.mongodb.uri:}'.isEmpty() and '${spring.data.mongodb.host:}'.isEmpty()")
public class EmbeddedMongoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMongoConfiguration.class);

    @Bean(destroyMethod = "shutdownNow")
    public MongoServer embeddedMongoServer() {
        MongoServer server = new MongoServer(new EmbeddedMongoBackend());
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Read models are kept in memory by an embedded MongoDB at {}:{}; they are rebuilt from the "
                + "event store at every start", address.getHostString(), address.getPort());
        return server;
    }

    @Bean
    public MongoConnectionDetails embeddedMongoConnectionDetails(MongoServer embeddedMongoServer) {
        InetSocketAddress address = embeddedMongoServer.getLocalAddress();
        ConnectionString uri = new ConnectionString(
                "mongodb://" + address.getHostString() + ":" + address.getPort() + "/traceloom");
        return () -> uri;
    }
}
