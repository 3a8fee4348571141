package io.traceloom.command.file;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;
import static org.axonframework.modelling.command.AggregateLifecycle.markDeleted;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.file.DeleteFile;
import io.traceloom.kernel.file.FileDeleted;
import io.traceloom.kernel.file.FileReleased;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.file.FileUsed;
import io.traceloom.kernel.file.RenameFile;
import io.traceloom.kernel.file.StoreFile;
import io.traceloom.kernel.message.Rejection;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A stored file: its metadata, the address of its bytes, and who uses it. The bytes are in the content store
 * before the file is recorded; the file only names them. A file in use cannot be deleted: the users are
 * recorded here ({@link #use}), by the users' own command handlers through {@code StoredFiles}, in the same
 * unit of work as their own change.
 */
@Aggregate
public class StoredFile {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String key;
    private String mimeType;
    private long size;
    private String sha256;
    private Instant createdAt;
    private Instant updatedAt;
    /** The sequence number of the last change of metadata: uses change the file's history, not the file. */
    private long version;
    private final Map<String, String> uses = new LinkedHashMap<>();

    protected StoredFile() {
        // for Axon
    }

    @CommandHandler
    public StoredFile(StoreFile command) {
        apply(new FileStored(command.tenantId(), command.fileId(), command.key(), command.mimeType(), command.size(),
                command.sha256()));
    }

    /** Renaming to the name it has changes nothing. */
    @CommandHandler
    public void handle(RenameFile command) {
        requireTenant(command.tenantId());
        requireVersion(command.expectedVersion());
        if (!key.equals(command.key())) {
            apply(new FileRenamed(tenantId, id, command.key()));
        }
    }

    @CommandHandler
    public void handle(DeleteFile command) {
        requireTenant(command.tenantId());
        requireVersion(command.expectedVersion());
        if (!uses.isEmpty()) {
            throw new DomainRejectionException(Rejection.conflict(null, "File '" + id + "' is in use as "
                    + String.join(" and as ", uses.values()) + "; it can be deleted once nothing uses it."));
        }
        apply(new FileDeleted(tenantId, id));
    }

    public boolean belongsTo(String tenant) {
        return tenantId != null && tenantId.equals(tenant);
    }

    public FileSnapshot snapshot() {
        return new FileSnapshot(id, key, mimeType, size, sha256, createdAt, updatedAt, version);
    }

    /** Another feature's command handler records that it uses this file (see {@code StoredFiles}). */
    public void use(String usedBy, String purpose) {
        if (!uses.containsKey(usedBy)) {
            apply(new FileUsed(tenantId, id, usedBy, purpose));
        }
    }

    public void release(String usedBy) {
        if (uses.containsKey(usedBy)) {
            apply(new FileReleased(tenantId, id, usedBy));
        }
    }

    /** Another tenant's file does not exist for the caller, whatever else is asked. */
    private void requireTenant(String tenant) {
        if (!belongsTo(tenant)) {
            throw new DomainRejectionException(Rejection.notFound("File '" + id + "' does not exist."));
        }
    }

    private void requireVersion(Long expected) {
        if (expected != null && expected != version) {
            throw new DomainRejectionException(Rejection.versionMismatch("File '" + id
                    + "' has changed: it is at version " + version + ", not " + expected + "."));
        }
    }

    @EventSourcingHandler
    void on(FileStored event, @Timestamp Instant at, @SequenceNumber long sequence) {
        id = event.fileId();
        tenantId = event.tenantId();
        key = event.key();
        mimeType = event.mimeType();
        size = event.size();
        sha256 = event.sha256();
        createdAt = at;
        updatedAt = at;
        version = sequence;
    }

    @EventSourcingHandler
    void on(FileRenamed event, @Timestamp Instant at, @SequenceNumber long sequence) {
        key = event.key();
        updatedAt = at;
        version = sequence;
    }

    @EventSourcingHandler
    void on(FileUsed event) {
        uses.put(event.usedBy(), event.purpose());
    }

    @EventSourcingHandler
    void on(FileReleased event) {
        uses.remove(event.usedBy());
    }

    @EventSourcingHandler
    void on(FileDeleted event) {
        markDeleted();
    }
}
