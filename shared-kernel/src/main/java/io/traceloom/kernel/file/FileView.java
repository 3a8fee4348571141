package io.traceloom.kernel.file;

import java.time.Instant;

/**
 * A stored file's metadata.
 *
 * @param sha256  the SHA-256 of its bytes (lower-case hexadecimal), their address in the content store
 * @param version the file's version at its last change of metadata
 */
public record FileView(String id, String key, String mimeType, long size, String sha256, Instant createdAt,
                       Instant updatedAt, long version) {

    /** Where the file's bytes are served, relative to the service's base URL. */
    public String contentPath() {
        return "/files/" + id + "/content";
    }
}
