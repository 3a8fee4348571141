package io.traceloom.command.storage;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Files under the data directory: owner-only (directories 0700, files 0600, set at creation), and
 * durable before anyone relies on them. A file is written under a temporary name, forced to disk, and
 * only then linked under its real name, and the directory is forced so that the name survives a power
 * loss too. So a file is either absent or complete: never empty, never torn.
 */
public final class OwnerOnlyFiles {

    private static final String TEMPORARY_SUFFIX = ".partial";
    private static final SecureRandom RANDOM = new SecureRandom();

    private OwnerOnlyFiles() {
    }

    /**
     * Creates {@code directory} and its missing parents, each owner-only and each forced into its parent.
     * Directories that exist keep their permissions.
     */
    public static void createDirectories(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            return;
        }
        Path parent = absolute.getParent();
        if (parent != null) {
            createDirectories(parent);
        }
        try {
            if (posix(absolute)) {
                Files.createDirectory(absolute, attribute("rwx------"));
            } else {
                Files.createDirectory(absolute);
            }
        } catch (FileAlreadyExistsException raced) {
            if (!Files.isDirectory(absolute)) {
                throw raced;
            }
            return;
        }
        if (parent != null) {
            forceDirectory(parent);
        }
    }

    /**
     * Writes a new file durably and atomically: when this returns, {@code file} exists with exactly
     * {@code content} and will after a crash or power loss; if it throws, {@code file} was not created.
     *
     * @throws FileAlreadyExistsException if {@code file} exists (it is never replaced)
     */
    public static void createNew(Path file, byte[] content) throws IOException {
        createNew(file, out -> out.write(content));
    }

    /** What writes a file's content, for content too large to hold in memory at once. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** As {@link #createNew(Path, byte[])}, with the content streamed by {@code content}. */
    public static void createNew(Path file, Content content) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        createDirectories(directory);
        String unique = HexFormat.of().toHexDigits(RANDOM.nextLong());
        Path temporary = directory.resolve("." + file.getFileName() + "." + unique + TEMPORARY_SUFFIX);
        try {
            Set<StandardOpenOption> createNew = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try (FileChannel channel = posix(directory)
                    ? FileChannel.open(temporary, createNew, attribute("rw-------"))
                    : FileChannel.open(temporary, createNew)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                content.writeTo(out);
                out.flush();
                channel.force(true);
            }
            link(temporary, file);
        } finally {
            Files.deleteIfExists(temporary);
        }
        forceDirectory(directory);
    }

    /** Removes what an interrupted {@link #createNew} left behind in {@code directory}: never a real file. */
    public static void removeLeftovers(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(TEMPORARY_SUFFIX)).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** A hard link fails if the name exists, where a rename would replace it. */
    private static void link(Path temporary, Path file) throws IOException {
        try {
            Files.createLink(file, temporary);
        } catch (FileAlreadyExistsException exists) {
            throw exists;
        } catch (UnsupportedOperationException | FileSystemException linksNotSupported) {
            moveIfAbsent(temporary, file);
        }
    }

    /** For file systems without hard links: atomic, though it cannot refuse a name created meanwhile. */
    private static void moveIfAbsent(Path temporary, Path file) throws IOException {
        if (Files.exists(file)) {
            throw new FileAlreadyExistsException(file.toString());
        }
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void forceDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some platforms (Windows) cannot open a directory; there a rename is as durable as it gets.
            if (posix(directory)) {
                throw e;
            }
        }
    }

    private static FileAttribute<?> attribute(String permissions) {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions));
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
