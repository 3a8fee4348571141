package io.traceloom.command.storage;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Write-once records as files of one directory, owner-only, each written whole and forced before it is used
 * ({@link OwnerOnlyFiles#createNew}). A creation that loses a race to another process finds its file there and
 * reads it.
 */
public final class OwnerOnlyDirectoryRecords implements WriteOnceRecords {

    private final Path directory;

    /** Opens the directory, creating it owner-only, and removes what interrupted writes left. */
    public OwnerOnlyDirectoryRecords(Path directory) throws IOException {
        this.directory = directory;
        OwnerOnlyFiles.createDirectories(directory);
        OwnerOnlyFiles.removeLeftovers(directory);
    }

    @Override
    public Optional<byte[]> read(String name) throws IOException {
        Path file = directory.resolve(name);
        return Files.exists(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
    }

    @Override
    public byte[] createIfAbsent(String name, byte[] content) throws IOException {
        try {
            OwnerOnlyFiles.createNew(directory.resolve(name), content);
            return content;
        } catch (FileAlreadyExistsException raced) {
            return Files.readAllBytes(directory.resolve(name));
        }
    }

    @Override
    public String where() {
        return directory.toString();
    }
}
