package io.traceloom.kernel.file;

import java.util.Optional;

/**
 * What the command side of other features may ask of stored files, and record on them: decided from each
 * file's event-sourced state, within the caller's unit of work, so that what the caller decides and what
 * it records on the file are committed together or not at all. Implemented by the file feature's command
 * side; a feature that uses files depends on this, never on it.
 *
 * <p>Uses are recorded on the file (not looked up in the users) because the rule they serve, "a file in
 * use cannot be deleted", is the file's: deleting and starting to use a file then change the same
 * aggregate, and the event store lets only one of two concurrent changes through.
 */
public interface StoredFiles {

    /** The tenant's live file with this id, as it stands now; empty when there is none (another tenant's included). */
    Optional<FileSnapshot> find(String tenantId, String fileId);

    /**
     * Records that {@code usedBy} uses the tenant's live file, for {@code purpose} (words a client is shown
     * when it tries to delete the file). Recording the same user again changes nothing.
     *
     * @throws IllegalStateException when the tenant has no such live file: {@link #find} it first
     */
    void use(String tenantId, String fileId, String usedBy, String purpose);

    /** {@code usedBy} no longer uses the file; nothing happens when it did not, or the file is gone. */
    void release(String tenantId, String fileId, String usedBy);
}
