package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;

/**
 * An issued credential, kept as the exact JSON text that was signed, with what lists filter on: its types,
 * the ids of its subjects, when it expires, and when it was revoked. Pure folds, no I/O.
 *
 * @param expiresAt its {@code expirationDate} (VC 1.1) or {@code validUntil} (VC 2.0); {@code null}: never
 * @param revokedAt {@code null} unless revoked
 */
@org.springframework.data.mongodb.core.mapping.Document(CredentialDocument.COLLECTION)
@CompoundIndex(name = "tenant_newest_first", def = "{'tenantId': 1, 'issuedAt': -1, '_id': -1}")
public record CredentialDocument(@Id String id, String tenantId, String credential, Instant issuedAt,
                                 List<String> types, List<String> subjects, Instant expiresAt, Instant revokedAt)
        implements TenantDocument {

    public static final String COLLECTION = "credentials";

    public static CredentialDocument issued(CredentialIssued event, Instant at) {
        CredentialSummary summary = CredentialSummary.of(event.credential());
        return new CredentialDocument(event.credentialId(), event.tenantId(), event.credential(), at,
                summary.types(), summary.subjects(), summary.expiresAt(), null);
    }

    public CredentialDocument revoked(Instant at) {
        return new CredentialDocument(id, tenantId, credential, issuedAt, types, subjects, expiresAt, at);
    }

    public CredentialView toView() {
        return new CredentialView(id, credential);
    }
}
