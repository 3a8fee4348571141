package io.traceloom.query.file;

import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.file.FileView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A stored file's metadata in the read model. Pure folds, no I/O.
 *
 * @param listChunk the chunk of the tenant's list that holds it ({@code TenantLists})
 */
@Document(FileDocument.COLLECTION)
public record FileDocument(@Id String id, String tenantId, String key, String mimeType, long size, String sha256,
                           Instant createdAt, Instant updatedAt, long version, int listChunk)
        implements TenantDocument {

    public static final String COLLECTION = "files";

    public static FileDocument stored(FileStored event, Instant at, long version, int listChunk) {
        return new FileDocument(event.fileId(), event.tenantId(), event.key(), event.mimeType(), event.size(),
                event.sha256(), at, at, version, listChunk);
    }

    public FileDocument renamed(FileRenamed event, Instant at, long version) {
        return new FileDocument(id, tenantId, event.key(), mimeType, size, sha256, createdAt, at, version, listChunk);
    }

    public FileView toView() {
        return new FileView(id, key, mimeType, size, sha256, createdAt, updatedAt, version);
    }
}
