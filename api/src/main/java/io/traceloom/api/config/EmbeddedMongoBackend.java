package io.traceloom.api.config;

import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * mongo-java-server's memory backend, with {@code renameCollection} made atomic for readers, as it is on a
 * real MongoDB. mongo-java-server drops the target collection and then moves the source in its place, so a
 * query in between would find no collection at all; a projection's replay swaps its rebuilt collection in
 * this way, and no read may see the read model empty meanwhile. Every other command runs under the shared
 * side of one lock, a rename under the exclusive side.
 */
public class EmbeddedMongoBackend extends MemoryBackend {

    private final ReadWriteLock renames = new ReentrantReadWriteLock();

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        Lock lock = "renameCollection".equalsIgnoreCase(command) ? renames.writeLock() : renames.readLock();
        lock.lock();
        try {
            return super.handleCommand(channel, databaseName, command, query);
        } finally {
            lock.unlock();
        }
    }
}
