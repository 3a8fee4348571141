package io.traceloom.kernel.audit;

import io.traceloom.kernel.history.Bookkeeping;
import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * Entries were appended to a tenant's audit log, the first at {@code firstIndex}: each names its event (by its
 * identifier and its position in the store) and the hash of the entry as the feed serves it, taken when it was
 * appended. The service's bookkeeping, not a fact of the tenant's data: in no history, and not in the feed it
 * describes.
 *
 * @param coveredTo the position of the store the log covers since (see {@link AuditLogState})
 * @param gaps      the positions below it the log does not cover yet
 */
@Revision("1")
public record AuditLogExtended(String tenantId, long firstIndex, List<Entry> entries, long coveredTo,
                               List<Long> gaps) implements TenantScoped, Bookkeeping {

    /**
     * @param leafHash {@code SHA-256(0x00 || entry)} in lowercase hexadecimal, {@code entry} the entry's canonical
     *                 JSON ({@link AuditEntry#json()})
     */
    public record Entry(String eventIdentifier, long position, String leafHash) {
    }
}
