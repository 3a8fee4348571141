package io.traceloom.api.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;

/**
 * An H2 file system for a test of interrupts: the next read of the thread {@link #holdNextReadOf} names waits
 * until that thread is interrupted, then goes on into the file's channel with its interrupt flag set, as a thread
 * interrupted while blocked in a read does. The channel is a plain {@code FileChannel}: Java closes it and throws
 * {@code ClosedByInterruptException} in that thread, for every other thread using the channel too.
 */
public final class HoldingFilePath extends FilePathWrapper {

    public static final String SCHEME = "holding";

    private static volatile Thread held;
    private static volatile CountDownLatch inside = new CountDownLatch(1);

    static {
        FilePath.register(new HoldingFilePath());
    }

    /** Makes the scheme known to H2 (once per class loader). */
    public static void register() {
        // the static initializer has run
    }

    /** The next read {@code thread} makes waits for its interrupt; {@link #awaitHeld()} returns once it waits. */
    public static void holdNextReadOf(Thread thread) {
        inside = new CountDownLatch(1);
        held = thread;
    }

    /** Waits until the held thread is inside a read of the file. */
    public static void awaitHeld() throws InterruptedException {
        inside.await();
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        return new HoldingChannel(super.open(mode));
    }

    private static final class HoldingChannel extends DelegatingChannel {

        HoldingChannel(FileChannel file) {
            super(file);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            if (held == Thread.currentThread()) {
                held = null;
                inside.countDown();
                while (!Thread.currentThread().isInterrupted()) {
                    LockSupport.park(this); // returns on the interrupt, leaving the flag set
                }
            }
            return file.read(dst, position);
        }
    }
}
