package io.traceloom.api.content;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Bytes kept outside the event store, addressed by their SHA-256: the content of stored files. The bytes
 * never travel in a message; a command names them by their address once they are kept.
 *
 * <p>An upload is received into a staging area first ({@link #receive}), where it is hashed and can be
 * inspected, then kept under its address ({@link Upload#keepWhile}) for as long as the recording of what
 * names it may still succeed. A request that fails keeps nothing: what it alone put under an address is
 * removed again, and its staging is always removed.
 */
public interface ContentStore {

    /**
     * Reads {@code bytes} to their end into the staging area, hashing them.
     *
     * @throws ContentTooLargeException after {@code maxBytes} bytes; nothing is kept
     */
    Upload receive(InputStream bytes, long maxBytes) throws IOException;

    /** The content at this address when it is there whole ({@code size} bytes); empty when it is not. */
    Optional<Content> find(String sha256, long size) throws IOException;

    /** Received bytes: staged, hashed, not yet under their address. Close it when the request is done. */
    interface Upload extends AutoCloseable {

        /** Lower-case hexadecimal. */
        String sha256();

        long size();

        /** The staged bytes from the start, e.g. to tell what they are. */
        InputStream open() throws IOException;

        /**
         * Keeps the bytes under their address, durably, then runs {@code recording} (the command that names
         * them). When it is refused, what this upload alone put under the address is removed again; when it
         * succeeds, or fails in a way that leaves open whether it was recorded, the bytes stay: a file without
         * bytes is worse than bytes without a file.
         */
        <R> R keepWhile(Supplier<R> recording) throws IOException;

        /** Removes the staged bytes. */
        @Override
        void close();
    }

    /** Kept bytes. */
    interface Content {

        long size();

        /** The bytes from {@code offset} on. */
        InputStream open(long offset) throws IOException;
    }
}
