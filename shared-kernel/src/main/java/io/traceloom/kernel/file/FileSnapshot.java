package io.traceloom.kernel.file;

import java.time.Instant;

/**
 * A file's metadata as it stood when another feature took it: what an event of that feature embeds, so that
 * its projection folds it without asking anyone.
 *
 * @param version the file's version at its last change of metadata (what its entity tag names)
 */
public record FileSnapshot(String id, String key, String mimeType, long size, String sha256, Instant createdAt,
                           Instant updatedAt, long version) {
}
