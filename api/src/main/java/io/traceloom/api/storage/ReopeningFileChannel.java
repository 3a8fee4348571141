package io.traceloom.api.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import org.h2.store.fs.FileBaseDefault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file of the embedded store that a thread's interrupt does not close for everyone. Java closes a
 * {@code FileChannel} when a thread blocked in it is interrupted, or enters it interrupted
 * ({@code ClosedByInterruptException}); H2 shares one channel among all its threads, so every later read and
 * write of the store failed ({@code ClosedChannelException}) and H2 closed the database: every request of every
 * tenant answered 503 until a restart. Here a channel closed under an operation is opened again (and locked
 * again, if it was locked) and the operation tried again, at the same position.
 *
 * <p>The interrupt that closed it is consumed: tried again with it, the operation would close the channel
 * again. What the service interrupts is meant to stop by its own flags (a replay given up, a processor shut
 * down), so nothing waits for that interrupt; the store matters more. Unlike H2's {@code retry:} file system,
 * a channel H2 closed itself stays closed: after a failed force H2 is shut down so that it writes nothing
 * more ({@link H2StoreForce#shutdownImmediately()}), and a write still under way must then fail, not open the
 * file again.
 */
final class ReopeningFileChannel extends FileBaseDefault {

    private static final Logger log = LoggerFactory.getLogger(ReopeningFileChannel.class);
    /** Reopens for one operation; more means something closes the channel over and over, which is not an interrupt. */
    private static final int REOPENS = 20;

    /** Opens the file, as it was opened first. */
    interface Opener {
        FileChannel open() throws IOException;
    }

    private final String name;
    private final Opener opener;
    private volatile FileChannel channel;
    private MovableLock lock; // guarded by this

    ReopeningFileChannel(String name, Opener opener) throws IOException {
        this.name = name;
        this.opener = opener;
        this.channel = opener.open();
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return retrying(current -> current.read(dst, position));
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        return retrying(current -> current.write(src, position));
    }

    @Override
    protected void implTruncate(long size) throws IOException {
        retrying(current -> current.truncate(size));
    }

    @Override
    public long size() throws IOException {
        return retrying(FileChannel::size);
    }

    /**
     * A force on a channel opened again covers what was written through the closed one too: both are the same
     * file, and what a closed descriptor wrote is in the file's pages until a force of any descriptor of it.
     */
    @Override
    public void force(boolean metaData) throws IOException {
        retrying(current -> {
            current.force(metaData);
            return null;
        });
    }

    /** One operation on the channel; positional, so that it can be tried again as it was. */
    private interface Operation<T> {
        T on(FileChannel channel) throws IOException;
    }

    /** Runs the operation, on the channel opened again (at most {@value #REOPENS} times) when it was closed under it. */
    private <T> T retrying(Operation<T> operation) throws IOException {
        for (int attempt = 0; ; attempt++) {
            FileChannel current = channel;
            try {
                return operation.on(current);
            } catch (ClosedChannelException e) {
                reopen(current, attempt, e);
            }
        }
    }

    @Override
    public synchronized FileLock tryLock(long position, long size, boolean shared) throws IOException {
        FileLock taken = channel.tryLock(position, size, shared);
        if (taken == null) {
            return null;
        }
        lock = new MovableLock(this, taken);
        return lock;
    }

    @Override
    protected synchronized void implCloseChannel() throws IOException {
        channel.close();
    }

    private void reopen(FileChannel closed, int attempt, ClosedChannelException e) throws IOException {
        if (!isOpen() || attempt >= REOPENS) {
            throw e; // closed by H2 itself: it stays closed
        }
        if (e instanceof ClosedByInterruptException) {
            Thread.interrupted(); // this thread's interrupt closed it: tried again with it, it would close it again
        }
        synchronized (this) {
            if (!isOpen()) {
                throw e;
            }
            if (channel != closed) {
                return; // another thread has opened it again
            }
            FileChannel reopened = opener.open();
            try {
                if (lock != null) {
                    lock.moveTo(reopened);
                }
            } catch (IOException | RuntimeException failed) {
                reopened.close();
                failed.addSuppressed(e);
                throw failed;
            }
            channel = reopened;
        }
        log.warn("The file {} of the event store was closed under {} by an interrupt ({}); opened it again",
                name, Thread.currentThread().getName(), e.getClass().getSimpleName());
    }

    @Override
    public String toString() {
        return name;
    }

    /** H2's lock on the file, which moves to the channel opened again: the closed one's lock went with it. */
    private static final class MovableLock extends FileLock {

        private volatile FileLock held;

        MovableLock(FileChannel channel, FileLock held) {
            super(channel, held.position(), held.size(), held.isShared());
            this.held = held;
        }

        void moveTo(FileChannel reopened) throws IOException {
            FileLock taken = reopened.tryLock(position(), size(), isShared());
            if (taken == null) {
                throw new IOException("Opened again, the file is locked by another process");
            }
            held = taken;
        }

        @Override
        public boolean isValid() {
            return held.isValid();
        }

        @Override
        public void release() throws IOException {
            held.release();
        }
    }
}
