package io.traceloom.api.content;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The embedded default: each content a file named by its SHA-256 under {@code <data-dir>/files/}, in a
 * directory per first two hexadecimal digits. A content appears under its name by an atomic rename of the
 * forced staged file, then the directory is forced: a crash leaves either the whole content or none.
 */
public final class FileSystemContentStore extends StagingContentStore {

    private final Path root;

    public FileSystemContentStore(Path root) {
        super(root.resolve("staging"));
        this.root = root;
    }

    private Path pathOf(String sha256) {
        return root.resolve(sha256.substring(0, 2)).resolve(sha256);
    }

    @Override
    protected boolean holds(String sha256, long size) throws IOException {
        Path path = pathOf(sha256);
        return Files.isRegularFile(path) && Files.size(path) == size;
    }

    /**
     * Moves the staged file, forced when it was received and on the same file system, to its name: a content
     * that was there damaged (another size) is replaced.
     */
    @Override
    protected Object persist(String sha256, Path staged, long size) throws IOException {
        Path target = pathOf(sha256);
        OwnerOnly.createDirectories(target.getParent());
        try {
            Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename atomically under " + root, e);
        }
        OwnerOnly.force(target.getParent());
        return target;
    }

    @Override
    protected void remove(String sha256, Object persisted) throws IOException {
        Path path = (Path) persisted;
        Files.deleteIfExists(path);
        OwnerOnly.force(path.getParent());
    }

    @Override
    public Optional<Content> find(String sha256, long size) throws IOException {
        if (!sha256.matches("[0-9a-f]{64}") || !holds(sha256, size)) {
            return Optional.empty();
        }
        Path path = pathOf(sha256);
        return Optional.of(new Content() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public InputStream open(long offset) throws IOException {
                try {
                    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
                    channel.position(offset);
                    return Channels.newInputStream(channel);
                } catch (NoSuchFileException gone) {
                    throw new IOException("content " + sha256 + " is gone", gone);
                }
            }
        });
    }
}
