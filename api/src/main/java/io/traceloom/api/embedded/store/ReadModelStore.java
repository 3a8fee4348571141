package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.RandomAccessStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read models and tracking tokens in one file, served over the MongoDB wire protocol: mongo-java-server's H2
 * backend, documents in an H2 MVStore. The store keeps in memory only its cache of pages, whose bound is given
 * when it is opened, so memory does not grow with the data.
 *
 * <p>Every command runs whole between two versions of the file. The store writes a new version only when told
 * ({@link #writeVersion()}), which waits until no command is running; a commit also records the caller's
 * {@link Stamp} (what the versions are consistent with: which build wrote them, where the event store stood).
 * After a crash the file opens at its last version, where each projection's documents and its token are as
 * they were between two commands: as after a crash of a MongoDB server, the projection goes on from its token
 * and repeats at most the batch it was in. An untrusted file ({@code untrusted} names why) or one that cannot
 * be read is set aside, and the store starts empty: the projections rebuild their read models.
 *
 * <p>Two more promises of a real MongoDB that its clients rely on:
 * <ul>
 *   <li>{@code renameCollection} is atomic for readers. mongo-java-server drops the target collection and then
 *   moves the source in its place, so a query in between would find no collection at all; a projection's
 *   replay swaps its rebuilt collection in this way, and no read may see the read model empty meanwhile. A
 *   rename runs alone, as a commit does.</li>
 *   <li>A batch of a query's answer holds at most 16 MB ({@link QueryBatches}).</li>
 * </ul>
 */
public final class ReadModelStore extends H2Backend {

    private static final Logger log = LoggerFactory.getLogger(ReadModelStore.class);
    private static final String STAMP = "traceloom.stamp";
    /**
     * H2's own housekeeping (its background thread, off here) is done at each commit, and every second while live
     * data fill less than {@value #TARGET_FILL_RATE} % of the file's chunks: rewrite at most {@value #COMPACT_BYTES}
     * bytes of what is still live in the emptiest chunks, drop the chunks left empty, and move at most
     * {@value #MOVE_BYTES} bytes of chunks towards the start of the file while less than {@value #SHRINK_FILL_RATE} %
     * of it is used, so that it shrinks; once a step changes nothing, none until the next commit. Without it the
     * file grew to 8 times its data; with it, it comes back to about twice once writes calm down, in some 30 ms a
     * step (BENCHMARKS.md).
     */
    private static final int TARGET_FILL_RATE = 70;
    private static final int COMPACT_BYTES = 4 * 1024 * 1024;
    private static final int SHRINK_FILL_RATE = 90;
    private static final int MOVE_BYTES = 16 * 1024 * 1024;
    /**
     * A chunk no longer used is written over after this long, not H2's 45 s: every version is forced to disk at
     * its commit, so no older one is needed to recover from.
     */
    private static final int RETENTION_MILLIS = 1000;

    private final ReadWriteLock commands = new ReentrantReadWriteLock();
    /**
     * The version at which a step of housekeeping left the file as it was, once the chunks that version left unused
     * could be reused: none is tried again until a commit makes a new version. Some files never reach the fill rates
     * aimed at (many collections of a few documents each, as a new tenant's), and an idle store took the commands'
     * lock and forced the file every second for nothing, for as long as the service ran.
     */
    private volatile long restingAt = -1;
    private final long retentionNanos;
    private long committedAt = System.nanoTime(); // guarded by the commands' write lock
    private final MVStore store;
    private final Stamp stamp;

    private ReadModelStore(MVStore store, Stamp stamp, int retentionMillis) {
        super(store);
        this.store = store;
        store.setRetentionTime(retentionMillis);
        this.retentionNanos = Duration.ofMillis(retentionMillis).toNanos();
        this.stamp = stamp;
    }

    /**
     * Opens the store in a file, or starts it afresh there.
     *
     * @param file           the file (created when missing; its directory must exist)
     * @param h2Name         the name H2 opens the file by (a file system of H2's may be named in it)
     * @param cacheMegabytes the bound of the cache of pages held in memory
     * @param untrusted      why a file's stamp cannot be trusted, or empty when it can
     * @param stamp          what a commit records
     */
    public static ReadModelStore open(Path file, String h2Name, int cacheMegabytes,
                                      Function<Map<String, String>, Optional<String>> untrusted, Stamp stamp) {
        return open(file, h2Name, cacheMegabytes, untrusted, stamp, RETENTION_MILLIS);
    }

    /** As above, reusing a chunk that long after it is left: tests need not wait a second for a step. */
    static ReadModelStore open(Path file, String h2Name, int cacheMegabytes,
                               Function<Map<String, String>, Optional<String>> untrusted, Stamp stamp,
                               int retentionMillis) {
        MVStore store = openFile(file, h2Name, cacheMegabytes);
        if (!store.getMapNames().isEmpty()) {
            Optional<String> why = untrusted.apply(Map.copyOf(store.<String, String>openMap(STAMP)));
            if (why.isPresent()) {
                log.info("The read models in {} are not used ({}): every projection rebuilds its read model from "
                        + "the events", file, why.get());
                store.closeImmediately();
                delete(file);
                store = openFile(file, h2Name, cacheMegabytes);
            }
        }
        return new ReadModelStore(store, stamp, retentionMillis);
    }

    /** A store in memory only, for tests that stand in for a shared MongoDB. */
    public static ReadModelStore inMemory() {
        return new ReadModelStore(new MVStore.Builder().open(), Stamp.of(() -> Optional.of(Map.of())),
                RETENTION_MILLIS);
    }

    private static MVStore openFile(Path file, String h2Name, int cacheMegabytes) {
        try {
            return builder(h2Name, cacheMegabytes).open();
        } catch (MVStoreException e) {
            Path aside = file.resolveSibling(file.getFileName() + ".unreadable");
            log.warn("The read models in {} cannot be read ({}); the file is set aside as {} and every projection "
                    + "rebuilds its read model from the events", file, e.toString(), aside);
            try {
                Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException moved) {
                delete(file);
            }
            return builder(h2Name, cacheMegabytes).open();
        }
    }

    private static MVStore.Builder builder(String h2Name, int cacheMegabytes) {
        // no commits of its own, neither timed nor when changes fill its buffer: H2's would write a version in
        // the middle of a command. What changed since the last commit waits in memory (about a second's worth).
        return new MVStore.Builder().fileName(h2Name).cacheSize(cacheMegabytes).autoCommitDisabled()
                .autoCommitBufferSize(0);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file, e);
        }
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new StoreDatabase(databaseName, getMvStore(), getCursorRegistry());
    }

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        Lock lock = "renameCollection".equalsIgnoreCase(command) ? commands.writeLock() : commands.readLock();
        lock.lock();
        try {
            QueryBatches.answering(command);
            return super.handleCommand(channel, databaseName, command, query);
        } finally {
            QueryBatches.answered();
            lock.unlock();
        }
    }

    /**
     * Writes what the commands since the last commit changed as the file's new version, between two commands,
     * with the stamp, and does a step of housekeeping (see {@link #TARGET_FILL_RATE}); then makes it durable.
     * Nothing when nothing changed and the file needs no housekeeping (or a step of it changes nothing), or the
     * stamp cannot be known now.
     *
     * @return whether the file was written
     */
    public boolean writeVersion() {
        FileStore<?> file = store.getFileStore();
        if (file == null || !store.hasUnsavedChanges() && !housekeepingDue(file)) {
            return false;
        }
        try (Stamp.Reading reading = readyStamp()) {
            if (reading == null || !commitUnderLock(file, reading)) {
                return false;
            }
        }
        // forced outside the lock: only a commit writes the file, and commands need not wait for the disk
        synchronized (this) {
            if (!store.isClosed()) {
                store.sync();
            }
        }
        return true;
    }

    /** The stamp readied before the commands are held (see {@link Stamp}), or {@code null} when it cannot be now. */
    private Stamp.Reading readyStamp() {
        try {
            return stamp.ready();
        } catch (RuntimeException e) {
            log.debug("The read models' stamp cannot be readied now; the commit waits", e);
            return null;
        }
    }

    /** Commits and tidies while no command runs; whether anything was written that needs forcing. */
    private boolean commitUnderLock(FileStore<?> file, Stamp.Reading reading) {
        commands.writeLock().lock();
        try {
            Optional<Map<String, String>> now = reading.read();
            if (now.isEmpty() || store.isClosed()) {
                return false;
            }
            boolean committed = store.hasUnsavedChanges();
            if (committed) {
                MVMap<String, String> stamped = store.openMap(STAMP);
                stamped.clear();
                stamped.putAll(now.get());
                store.commit();
                committedAt = System.nanoTime();
            }
            long version = store.getCurrentVersion();
            long size = file.size();
            tidy(file);
            if (store.getCurrentVersion() == version && file.size() == size && !store.hasUnsavedChanges()) {
                if (System.nanoTime() - committedAt >= retentionNanos) {
                    restingAt = version;
                }
                if (!committed) {
                    return false; // nothing written: nothing to force
                }
            }
            return true;
        } finally {
            commands.writeLock().unlock();
        }
    }

    /** Whether a step of housekeeping is worth trying: the file is untidy, and it changed since the last step. */
    private boolean housekeepingDue(FileStore<?> file) {
        return store.getCurrentVersion() != restingAt && untidy(file);
    }

    /** Whether the file holds much that is no longer used: dead data in its chunks, or free space. */
    private boolean untidy(FileStore<?> file) {
        return file.getChunksFillRate() < TARGET_FILL_RATE || file.getFillRate() < SHRINK_FILL_RATE;
    }

    /** A step of H2's housekeeping: it writes the same data elsewhere in the file, and changes none of it. */
    private void tidy(FileStore<?> file) {
        if (store.compact(TARGET_FILL_RATE, COMPACT_BYTES)) {
            store.commit();
        }
        file.dropUnusedChunks();
        if (file instanceof RandomAccessStore randomAccess) {
            randomAccess.compactMoveChunks(SHRINK_FILL_RATE, MOVE_BYTES, store);
        }
    }

    /** As {@link #writeVersion()}: never a version in the middle of a command, nor one without its stamp. */
    @Override
    public void commit() {
        writeVersion();
    }

    /** Commits every {@code interval} on a thread of its own, until the store is closed. */
    public ReadModelStore committingEvery(Duration interval) {
        Thread committer = new Thread(() -> {
            while (!store.isClosed()) {
                try {
                    Thread.sleep(interval.toMillis());
                    writeVersion();
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    log.warn("The read models could not be committed ({}); trying again", e.toString());
                }
            }
        }, "read-model-store-commits");
        committer.setDaemon(true);
        committer.start();
        return this;
    }

    /** The file's size in bytes (0 in memory). */
    public long fileSize() {
        return store.getFileStore() == null ? 0 : store.getFileStore().size();
    }

    /** Commits what is left, with its stamp, and closes the file; without a stamp, leaves the last version. */
    @Override
    public void close() {
        boolean written = writeVersion();
        synchronized (this) {
            closeUnderLock(written);
        }
    }

    private void closeUnderLock(boolean written) {
        commands.writeLock().lock();
        try {
            if (!written && store.getFileStore() != null && store.hasUnsavedChanges()) {
                log.info("The read models' last changes are not written (no stamp for them now); the next start "
                        + "goes on from the version before");
                store.closeImmediately();
            }
            super.close();
        } finally {
            commands.writeLock().unlock();
        }
    }
}
