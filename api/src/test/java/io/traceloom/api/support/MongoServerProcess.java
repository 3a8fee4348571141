package io.traceloom.api.support;

import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;

/**
 * A MongoDB (mongo-java-server, in memory) in a process of its own, on a TCP port of 127.0.0.1, for tests
 * whose processes share one MongoDB the way a deployment's processes do, where no MongoDB server can be
 * installed. {@code java -cp <test class path> io.traceloom.api.support.MongoServerProcess [port]} prints
 * {@code listening on 127.0.0.1:<port>} and serves until its standard input closes (its parent ended) or it
 * is killed.
 */
public final class MongoServerProcess {

    public static final String LISTENING = "listening on 127.0.0.1:";

    private MongoServerProcess() {
    }

    public static void main(String[] args) throws IOException {
        MongoServer server = new MongoServer(ReadModelStore.inMemory());
        server.bind("127.0.0.1", args.length > 0 ? Integer.parseInt(args[0]) : 0);
        InetSocketAddress address = server.getLocalAddress();
        System.out.println(LISTENING + address.getPort());
        System.out.flush();
        InputStream parent = System.in;
        while (parent.read() >= 0) {
            // the parent holds our standard input open while it wants us
        }
        server.shutdownNow();
    }
}
