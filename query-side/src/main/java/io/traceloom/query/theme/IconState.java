package io.traceloom.query.theme;

import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.FileView;
import java.time.Instant;

/** The icon file as a theme embeds it, kept as the file stands now. */
public record IconState(String id, String key, String mimeType, long size, String sha256, Instant createdAt,
                        Instant updatedAt, long version) {

    public static IconState of(FileSnapshot file) {
        return new IconState(file.id(), file.key(), file.mimeType(), file.size(), file.sha256(), file.createdAt(),
                file.updatedAt(), file.version());
    }

    public IconState renamed(String newKey, Instant at, long fileVersion) {
        return new IconState(id, newKey, mimeType, size, sha256, createdAt, at, fileVersion);
    }

    public FileView toView() {
        return new FileView(id, key, mimeType, size, sha256, createdAt, updatedAt, version);
    }
}
