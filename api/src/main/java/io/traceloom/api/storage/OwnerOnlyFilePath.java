package io.traceloom.api.storage;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;
import org.h2.store.fs.FileUtils;

/**
 * H2's files, created readable by their owner only. H2 creates its directories and files with the
 * process's umask (typically 0755 and 0644), and Java cannot change the umask; so the embedded store
 * names its database through this file system ({@code jdbc:h2:owneronly:/path/...}), which creates every
 * directory 0700 and every file 0600 atomically, at creation, never by changing them afterwards. Files
 * that exist already keep their permissions. Reading and writing are H2's own disk file system, through a
 * channel that a thread's interrupt does not close for everyone ({@link ReopeningFileChannel}).
 */
public final class OwnerOnlyFilePath extends FilePathWrapper {

    public static final String SCHEME = "owneronly";

    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    static {
        FilePath.register(new OwnerOnlyFilePath());
    }

    /** Makes the scheme known to H2 (once per class loader); call before the first connection. */
    public static void register() {
        // the static initializer has run
    }

    /** The H2 database name for a database at {@code path} (without H2's file suffix). */
    public static String databaseName(Path path) {
        return SCHEME + ":" + path.toAbsolutePath().normalize();
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public void createDirectory() {
        Path directory = path();
        try {
            if (posix(directory)) {
                Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(DIRECTORY));
            } else {
                Files.createDirectory(directory);
            }
        } catch (FileAlreadyExistsException exists) {
            if (!Files.isDirectory(directory)) {
                super.createDirectory(); // fails the way H2 expects
            }
        } catch (IOException e) {
            super.createDirectory(); // retries and reports the way H2 expects
        }
    }

    @Override
    public boolean createFile() {
        try {
            createOwnerOnly(path());
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException e) {
            return getBase().createFile();
        }
    }

    /** A channel that an interrupt of one of H2's threads does not close for the others ({@link ReopeningFileChannel}). */
    @Override
    public FileChannel open(String mode) throws IOException {
        return new ReopeningFileChannel(toString(), () -> openOwnerOnly(mode));
    }

    private FileChannel openOwnerOnly(String mode) throws IOException {
        Set<? extends OpenOption> options = FileUtils.modeToOptions(mode);
        Path file = path();
        if (options.contains(StandardOpenOption.WRITE) && posix(file)) {
            return FileChannel.open(file, options, PosixFilePermissions.asFileAttribute(FILE));
        }
        return super.open(mode);
    }

    @Override
    public OutputStream newOutputStream(boolean append) throws IOException {
        Path file = path();
        if (!Files.exists(file)) {
            FileUtils.createDirectories(getParent().toString());
            try {
                createOwnerOnly(file);
            } catch (FileAlreadyExistsException raced) {
                // created meanwhile: H2 writes into it as it would have
            }
        }
        return super.newOutputStream(append);
    }

    private Path path() {
        return Path.of(getBase().toString());
    }

    private static void createOwnerOnly(Path file) throws IOException {
        if (posix(file)) {
            FileAttribute<Set<PosixFilePermission>> ownerOnly = PosixFilePermissions.asFileAttribute(FILE);
            Files.createFile(file, ownerOnly);
        } else {
            Files.createFile(file);
        }
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
