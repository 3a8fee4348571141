package io.traceloom.api.content;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files and directories only the service's user can read, where the file system has POSIX permissions; and
 * the forcing of a directory, so that a rename in it survives a crash.
 */
final class OwnerOnly {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private OwnerOnly() {
    }

    static void createDirectories(Path directory) throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        if (POSIX) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(directory);
        }
        force(directory.getParent());
    }

    static Path createFile(Path directory, String prefix, String suffix) throws IOException {
        FileAttribute<?>[] ownerOnly = POSIX
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
        return Files.createTempFile(directory, prefix, suffix, ownerOnly);
    }

    /** Forces a directory's entries to disk; where directories cannot be opened (Windows), there is nothing to do. */
    static void force(Path directory) throws IOException {
        if (directory == null) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException notOnThisSystem) {
            if (POSIX) {
                throw notOnThisSystem instanceof IOException io ? io : new IOException(notOnThisSystem);
            }
        }
    }
}
