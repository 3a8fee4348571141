package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** An issued credential, kept as the exact JSON text that was signed. */
@Document(CredentialDocument.COLLECTION)
public record CredentialDocument(@Id String id, String tenantId, String credential, Instant issuedAt)
        implements TenantDocument {

    public static final String COLLECTION = "credentials";

    public static CredentialDocument issued(CredentialIssued event, Instant at) {
        return new CredentialDocument(event.credentialId(), event.tenantId(), event.credential(), at);
    }

    public CredentialView toView() {
        return new CredentialView(id, credential);
    }
}
