package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class CredentialQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public CredentialQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<CredentialView> handle(FindCredential query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, CredentialDocument.class, query.credentialId(), query.tenantId())
                : histories.asOf(CredentialHistory.CREDENTIALS, query.tenantId(), query.credentialId(), query.asOf()))
                .map(CredentialDocument::toView);
    }
}
