package io.traceloom.command.file;

import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.StoredFiles;
import java.util.Optional;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Answers from the files' aggregates, loaded in the caller's unit of work: a use recorded here is committed
 * with the caller's own events, or not at all.
 */
@Component
public class AggregateStoredFiles implements StoredFiles {

    private final Repository<StoredFile> files;

    public AggregateStoredFiles(Repository<StoredFile> files) {
        this.files = files;
    }

    @Override
    public Optional<FileSnapshot> find(String tenantId, String fileId) {
        return load(tenantId, fileId).map(file -> file.invoke(StoredFile::snapshot));
    }

    @Override
    public void use(String tenantId, String fileId, String usedBy, String purpose) {
        load(tenantId, fileId)
                .orElseThrow(() -> new IllegalStateException("no live file " + fileId + " in tenant " + tenantId))
                .execute(file -> file.use(usedBy, purpose));
    }

    @Override
    public void release(String tenantId, String fileId, String usedBy) {
        load(tenantId, fileId).ifPresent(file -> file.execute(stored -> stored.release(usedBy)));
    }

    private Optional<Aggregate<StoredFile>> load(String tenantId, String fileId) {
        try {
            Aggregate<StoredFile> file = files.load(fileId);
            return file.invoke(stored -> stored.belongsTo(tenantId)) ? Optional.of(file) : Optional.empty();
        } catch (AggregateNotFoundException noSuchFile) {
            // also a deleted one (AggregateDeletedException)
            return Optional.empty();
        }
    }
}
