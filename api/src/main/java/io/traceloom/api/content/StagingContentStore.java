package io.traceloom.api.content;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Supplier;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both stores share: uploads are staged in a local directory (owner-only, forced before they are kept),
 * and an address is removed again only when nothing could rely on it.
 *
 * <p>Several uploads of the same bytes may be under way at once, and each may fail. An address is in an
 * "episode" while any upload holds it; the episode remembers whether one of its uploads created the
 * address, and whether one of them was recorded. When the last hold ends, the address is removed only if
 * the episode created it and nothing was recorded. (Within one process: the embedded default is one.)
 */
abstract class StagingContentStore implements ContentStore {

    private static final Logger log = LoggerFactory.getLogger(StagingContentStore.class);
    private static final int BUFFER = 64 * 1024;

    private final Path staging;
    private final Map<String, Episode> episodes = new HashMap<>();

    StagingContentStore(Path staging) {
        this.staging = staging;
        try {
            OwnerOnly.createDirectories(staging);
            // What is staged belongs to requests of an earlier run: none of them can still need it.
            try (var leftovers = Files.list(staging)) {
                for (Path leftover : leftovers.toList()) {
                    Files.deleteIfExists(leftover);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the staging directory " + staging, e);
        }
    }

    /** Whether the address holds {@code size} bytes already. */
    protected abstract boolean holds(String sha256, long size) throws IOException;

    /**
     * Puts the staged (and forced) bytes under their address, durably, and may take the staged file for it;
     * returns what {@link #remove} needs.
     */
    protected abstract Object persist(String sha256, Path staged, long size) throws IOException;

    /** Removes what {@link #persist} put there. */
    protected abstract void remove(String sha256, Object persisted) throws IOException;

    @Override
    public Upload receive(InputStream bytes, long maxBytes) throws IOException {
        Path file = OwnerOnly.createFile(staging, "upload-", ".part");
        try {
            MessageDigest digest = sha256();
            long size = 0;
            try (DigestInputStream in = new DigestInputStream(bytes, digest);
                 FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(channel)) {
                byte[] buffer = new byte[BUFFER];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    size += n;
                    if (size > maxBytes) {
                        throw new ContentTooLargeException(maxBytes);
                    }
                    out.write(buffer, 0, n);
                }
                out.flush();
                channel.force(true);
            }
            return new StagedUpload(file, HexFormat.of().formatHex(digest.digest()), size);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Whether a failure of the recording means that it was certainly not recorded. */
    static boolean certainlyNotRecorded(RuntimeException failure) {
        // refused by the command side, or its commit lost a race: the unit of work was rolled back
        return failure instanceof CommandExecutionException || failure instanceof ConcurrencyException;
    }

    private static final class Episode {
        int holds;
        boolean checked;
        Object created;
        boolean recorded;
    }

    private final class StagedUpload implements Upload {

        private final Path file;
        private final String sha256;
        private final long size;

        StagedUpload(Path file, String sha256, long size) {
            this.file = file;
            this.sha256 = sha256;
            this.size = size;
        }

        @Override
        public String sha256() {
            return sha256;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public InputStream open() throws IOException {
            return Files.newInputStream(file);
        }

        @Override
        public <R> R keepWhile(Supplier<R> recording) throws IOException {
            Episode episode;
            synchronized (episodes) {
                episode = episodes.computeIfAbsent(sha256, address -> new Episode());
                episode.holds++;
            }
            boolean recorded = false;
            try {
                synchronized (episode) {
                    if (!episode.checked) {
                        if (!holds(sha256, size)) {
                            episode.created = persist(sha256, file, size);
                        }
                        episode.checked = true;
                    }
                }
                try {
                    R result = recording.get();
                    recorded = true;
                    return result;
                } catch (RuntimeException failure) {
                    recorded = !certainlyNotRecorded(failure);
                    throw failure;
                }
            } finally {
                release(episode, recorded);
            }
        }

        private void release(Episode episode, boolean recorded) {
            synchronized (episodes) {
                episode.recorded |= recorded;
                if (--episode.holds > 0) {
                    return;
                }
                episodes.remove(sha256);
                if (episode.created != null && !episode.recorded) {
                    try {
                        remove(sha256, episode.created);
                    } catch (IOException | RuntimeException e) {
                        log.warn("Content {} of a refused upload could not be removed; it is kept unused", sha256, e);
                    }
                }
            }
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                log.warn("Staged upload {} could not be removed", file, e);
            }
        }
    }
}
