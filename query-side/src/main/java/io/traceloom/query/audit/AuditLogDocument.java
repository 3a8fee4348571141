package io.traceloom.query.audit;

import io.traceloom.query.readmodel.TenantDocument;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A tenant's audit log as the read model holds it: how many entries, keyed by the tenant. */
@Document(AuditLogDocument.COLLECTION)
public record AuditLogDocument(@Id String tenantId, long size) implements TenantDocument {

    public static final String COLLECTION = "audit_logs";
}
