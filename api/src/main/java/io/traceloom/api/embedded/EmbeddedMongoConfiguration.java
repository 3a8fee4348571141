package io.traceloom.api.embedded;

import com.mongodb.ConnectionString;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.storage.OwnerOnlyFilePath;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.storage.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.mongo.MongoConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.data.mongodb.uri}, read models and tracking tokens live in a MongoDB server that runs in
 * this process (real wire protocol), keeping them in a file under the data directory ({@link ReadModelStore}):
 * {@code <data-dir>/read-models/traceloom.mv.db}. A start, after a clean stop or a crash, goes on from what the
 * file holds when it can be trusted ({@link ReadModelTrust}); otherwise the projections rebuild the read models
 * from the event store.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(EmbeddedReadModels.class)
public class EmbeddedMongoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMongoConfiguration.class);
    private static final String DATABASE = "traceloom";
    static final String FILE = "traceloom.mv.db";

    @Bean(destroyMethod = "shutdownNow")
    public MongoServer embeddedMongoServer(ReadModelStore readModelStore) {
        MongoServer server = new MongoServer(readModelStore);
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        log.info("Read models are kept in {} by an embedded MongoDB at {}:{}", readModelStore,
                address.getHostString(), address.getPort());
        return server;
    }

    /**
     * Closed by the server's shutdown, which closes its backend. The event store's data source is injected, not
     * looked up, so that Spring closes it only after the store: a commit asks the event store where it stands, and a
     * connection opened while H2 was closing the event store opened its file a second time, and lost writes answered
     * just before the stop (ReadModelStoreRestartTest).
     */
    @Bean(destroyMethod = "")
    public ReadModelStore readModelStore(CommandSideProperties properties, ApiProperties api,
                                         Optional<DataSource> dataSource, ObjectProvider<EventSchema> schema) {
        Path directory = properties.dataDir().toAbsolutePath().normalize().resolve("read-models");
        try {
            OwnerOnlyFiles.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory, e);
        }
        Path file = directory.resolve(FILE);
        DataSource events = dataSource.orElse(null);
        EventStoreLineage lineage = events == null ? null
                : new EventStoreLineage(events, schema.getIfAvailable(() -> EventSchema.builder().build()));
        ReadModelTrust trust = new ReadModelTrust(lineage, CodeDigest::ofTraceloom);
        int cacheMegabytes = (int) Math.max(1, api.readModels().storeCache().toMegabytes());
        // through H2's owner-only file system, as the event store's file: created readable by its owner only
        return ReadModelStore.open(file, OwnerOnlyFilePath.databaseName(file), cacheMegabytes, trust::untrusted, trust)
                .committingEvery(api.readModels().storeCommits());
    }

    /**
     * Commits the read models when the service stops: after the projections have stopped, while the event store
     * can still be asked where it stands.
     */
    @Bean
    public DisposableBean readModelsCommittedAtStop(MongoServer embeddedMongoServer, ReadModelStore readModelStore) {
        return readModelStore::writeVersion;
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
