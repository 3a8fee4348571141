package io.traceloom.kernel.audit;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * A checkpoint of the tenant's log as a verifiable credential signed by the tenant's {@code issuer} (its
 * {@code did:key}, recorded), whose subject is the tree head: answered with the credential's JSON text.
 */
public record SignAuditCheckpoint(String tenantId, String issuer, long treeSize, String rootHash, Instant time)
        implements TenantScoped {

    /** The type of the credential's subject. */
    public static final String SUBJECT_TYPE = "AuditLogCheckpoint";
}
