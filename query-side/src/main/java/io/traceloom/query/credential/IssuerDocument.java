package io.traceloom.query.credential;

import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.kernel.credential.IssuerView;
import io.traceloom.query.readmodel.TenantDocument;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/** A tenant's issuer, keyed by its tenant: one per tenant. */
@Document(IssuerDocument.COLLECTION)
public record IssuerDocument(@Id String tenantId, String did) implements TenantDocument {

    public static final String COLLECTION = "issuers";

    public static IssuerDocument created(IssuerKeyCreated event) {
        return new IssuerDocument(event.tenantId(), event.did());
    }

    public IssuerView toView() {
        return new IssuerView(did);
    }
}
