package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<FileView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindFile(String tenantId, String fileId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindFile(String tenantId, String fileId) {
        this(tenantId, fileId, null);
    }
}
