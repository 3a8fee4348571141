package io.traceloom.query.readmodel;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import org.springframework.data.mongodb.core.MongoTemplate;

/** A real MongoDB wire-protocol server in memory, for projection tests. */
public final class InMemoryMongo implements AutoCloseable {

    private final MongoServer server = new MongoServer(new MemoryBackend());
    private final MongoClient client;
    private final MongoTemplate template;

    public InMemoryMongo() {
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        client = MongoClients.create("mongodb://127.0.0.1:" + address.getPort());
        template = new MongoTemplate(client, "projection-test");
    }

    public MongoTemplate template() {
        return template;
    }

    @Override
    public void close() {
        client.close();
        server.shutdownNow();
    }
}
