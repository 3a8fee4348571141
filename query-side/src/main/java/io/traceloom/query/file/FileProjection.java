package io.traceloom.query.file;

import io.traceloom.kernel.file.FileDeleted;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import io.traceloom.query.readmodel.TenantLists;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/** Files' metadata; who uses a file is the command side's business and is not shown. */
@Component
@ProcessingGroup(FileProjection.PROCESSING_GROUP)
public class FileProjection {

    public static final String PROCESSING_GROUP = "files";

    private final ReadModelWriter writer;

    public FileProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<FileDocument> files() {
        return writer.documents(FileDocument.class, FileDocument::id);
    }

    /** Each tenant's files, oldest first: what a page of the list reads. */
    private TenantLists lists() {
        return writer.lists(FileDocument.class);
    }

    @EventHandler
    void on(FileStored event, @Timestamp Instant at, @SequenceNumber long version) {
        int listChunk = lists().append(event.tenantId(), event.fileId());
        files().save(FileDocument.stored(event, at, version, listChunk));
    }

    @EventHandler
    void on(FileRenamed event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<FileDocument> files = files();
        FileDocument file = files.find(event.fileId());
        if (file != null) {
            files.save(file.renamed(event, at, version));
        }
    }

    @EventHandler
    void on(FileDeleted event) {
        Documents<FileDocument> files = files();
        FileDocument file = files.find(event.fileId());
        if (file != null) {
            lists().remove(file.tenantId(), file.id(), file.listChunk());
            files.remove(event.fileId());
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(FileDocument.class);
    }
}
