package io.traceloom.api.storage;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.h2.engine.Database;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;

/**
 * Forces an embedded H2 database file to disk, with H2 2.x's MVStore API (read in its source, 2.3.232):
 * {@code MVStore.commit()} writes every change committed so far as a new chunk and waits for that write;
 * {@code executeFilestoreOperation} first waits for chunks the background writer may still be writing,
 * then {@code sync()} calls {@code FileChannel.force(true)}. ({@code CHECKPOINT SYNC} does commit and
 * sync too, but does not wait for a chunk the background writer is still serializing, so it could
 * force before that chunk is written.)
 *
 * <p>It holds one connection of its own, so the database stays open as long as it does.
 */
final class H2StoreForce implements GroupCommit.Force, AutoCloseable {

    private final Connection connection;
    private final Database database;
    private long forcedVersion = -1;
    private volatile long syncs;

    private H2StoreForce(Connection connection, Database database) {
        this.connection = connection;
        this.database = database;
    }

    /** For an embedded, file-based H2 database; empty for any other database. */
    static Optional<H2StoreForce> of(DataSource dataSource) throws SQLException {
        Connection connection = dataSource.getConnection();
        try {
            if (connection.isWrapperFor(JdbcConnection.class)) {
                Session session = connection.unwrap(JdbcConnection.class).getSession();
                if (session instanceof SessionLocal local && local.getDatabase().isPersistent()) {
                    return Optional.of(new H2StoreForce(connection, local.getDatabase()));
                }
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
        connection.close();
        return Optional.empty();
    }

    @Override
    public void force() {
        MVStore store = database.getStore().getMvStore();
        closed(store).ifPresent(closed -> {
            throw closed;
        });
        store.commit();
        long version = store.getCurrentVersion();
        if (version != forcedVersion) {
            store.executeFilestoreOperation(store::sync);
            forcedVersion = version;
            syncs++;
        }
        // else nothing was stored since the last force: nothing to force
    }

    /**
     * The store closed under the service, as H2 closes it after a failure in its write path (its
     * {@code MVStoreException}, its "panic"): a commit to a closed store does nothing, and nothing written since
     * could be forced. It never reopens by itself; the pool may open the file again, but not this database.
     */
    Optional<IllegalStateException> closed() {
        return closed(database.getStore().getMvStore());
    }

    private static Optional<IllegalStateException> closed(MVStore store) {
        return store.isClosed() ? Optional.of(new IllegalStateException("the embedded event store has been closed",
                store.getPanicException())) : Optional.empty();
    }

    /**
     * Closes the database at once, writing nothing more, as {@code SHUTDOWN IMMEDIATELY} does: once a force has
     * failed, a store left running would go on writing chunks that nothing forces, over the space of chunks the
     * last good force left on disk.
     */
    void shutdownImmediately() {
        database.shutdownImmediately();
    }

    /** How many times the file was forced (a force with nothing stored since the last one skips it). */
    long syncs() {
        return syncs;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
