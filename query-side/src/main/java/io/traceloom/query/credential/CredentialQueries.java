package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class CredentialQueries {

    private final MongoTemplate mongo;

    public CredentialQueries(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @QueryHandler
    public Optional<CredentialView> handle(FindCredential query) {
        return TenantDocument.findById(mongo, CredentialDocument.class, query.credentialId(), query.tenantId())
                .map(CredentialDocument::toView);
    }
}
