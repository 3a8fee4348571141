package io.traceloom.api.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;

/**
 * An H2 file system that models the operating system's page cache for a power-loss test: every write
 * reaches the file at once (H2 reads it back as usual), but only a {@code force} makes it durable. Each
 * file keeps a durable image beside it ({@code <name>.durable}) that receives the writes a force covers.
 * {@link #pullThePlug()} freezes the images; {@link #keepOnlyWhatWasForced()} then puts each image in
 * place of its file, which is what a machine finds on its disk after a power loss that dropped every
 * unforced write.
 */
public final class PowerLossFilePath extends FilePathWrapper {

    public static final String SCHEME = "powerloss";

    private static final Map<Path, DurableImage> IMAGES = new ConcurrentHashMap<>();
    private static volatile boolean unplugged;

    static {
        FilePath.register(new PowerLossFilePath());
    }

    /** Makes the scheme known to H2 and starts with power on and no files. */
    public static void plugIn() {
        unplugged = false;
        forcesFail = false;
        releaseForces();
        IMAGES.clear();
    }

    private static volatile CountDownLatch forcesHeld;

    /** From now on every force waits, as a slow disk's fsync does, until {@link #releaseForces()}. */
    public static void holdForces() {
        forcesHeld = new CountDownLatch(1);
    }

    /** Lets the forces held go on (and fail, after {@link #failForces()}). */
    public static void releaseForces() {
        CountDownLatch held = forcesHeld;
        forcesHeld = null;
        if (held != null) {
            held.countDown();
        }
    }

    /** From now on nothing more becomes durable. */
    public static void pullThePlug() {
        unplugged = true;
    }

    private static volatile boolean forcesFail;

    /** From now on every force fails, as an fsync does on a failing disk; {@link #plugIn()} ends it. */
    public static void failForces() {
        forcesFail = true;
    }

    /** Replaces every file by its durable image; call once the database is closed. */
    public static void keepOnlyWhatWasForced() throws IOException {
        for (DurableImage image : IMAGES.values()) {
            image.replaceFile();
        }
        IMAGES.clear();
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        FileChannel file = super.open(mode);
        if ("r".equals(mode)) {
            return file;
        }
        Path path = Path.of(getBase().toString()).toAbsolutePath();
        DurableImage image = IMAGES.computeIfAbsent(path, DurableImage::new);
        return new PageCachedChannel(file, image);
    }

    /** What is on disk of one file: the writes forced so far, and those waiting for a force. */
    private static final class DurableImage {

        private final Path file;
        private final Path image;
        private final List<Object> pending = new ArrayList<>();

        DurableImage(Path file) {
            this.file = file;
            this.image = file.resolveSibling(file.getFileName() + ".durable");
            try {
                if (Files.exists(file)) {
                    Files.copy(file, image, StandardCopyOption.REPLACE_EXISTING); // what was there was durable
                } else {
                    Files.deleteIfExists(image);
                    Files.createFile(image);
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        synchronized void written(long position, byte[] bytes) {
            if (!unplugged) {
                pending.add(new Write(position, bytes));
            }
        }

        synchronized void truncated(long size) {
            if (!unplugged) {
                pending.add(size);
            }
        }

        synchronized void forced() throws IOException {
            if (unplugged) {
                return;
            }
            try (FileChannel durable = FileChannel.open(image, StandardOpenOption.WRITE)) {
                for (Object change : pending) {
                    if (change instanceof Write write) {
                        ByteBuffer bytes = ByteBuffer.wrap(write.bytes());
                        long position = write.position();
                        while (bytes.hasRemaining()) {
                            position += durable.write(bytes, position);
                        }
                    } else {
                        durable.truncate((Long) change);
                    }
                }
            }
            pending.clear();
        }

        synchronized void replaceFile() throws IOException {
            Files.move(image, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private record Write(long position, byte[] bytes) {
    }

    private static final class PageCachedChannel extends DelegatingChannel {

        private final DurableImage image;

        PageCachedChannel(FileChannel file, DurableImage image) {
            super(file);
            this.image = image;
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            ByteBuffer copy = src.duplicate();
            int written = file.write(src, position);
            byte[] bytes = new byte[written];
            copy.get(bytes);
            image.written(position, bytes);
            return written;
        }

        @Override
        protected void implTruncate(long size) throws IOException {
            file.truncate(size);
            image.truncated(size);
        }

        @Override
        public void force(boolean metaData) throws IOException {
            CountDownLatch held = forcesHeld;
            while (held != null) {
                try {
                    held.await();
                    held = null;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while the force was held", e);
                }
            }
            if (forcesFail) {
                throw new IOException("fsync failed: Input/output error");
            }
            file.force(metaData);
            image.forced();
        }
    }
}
