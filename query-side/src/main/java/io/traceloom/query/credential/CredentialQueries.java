package io.traceloom.query.credential;

import static org.springframework.data.mongodb.core.query.Criteria.where;

import io.traceloom.kernel.credential.CredentialPage;
import io.traceloom.kernel.credential.CredentialStatusView;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.kernel.credential.FindCredentialStatus;
import io.traceloom.kernel.credential.FindIssuer;
import io.traceloom.kernel.credential.FindStatusList;
import io.traceloom.kernel.credential.IssuerView;
import io.traceloom.kernel.credential.ListCredentials;
import io.traceloom.kernel.credential.StatusListView;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

@Component
public class CredentialQueries {

    private static final Sort NEWEST_FIRST = Sort.by(Sort.Direction.DESC, "issuedAt", "_id");

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

    /** A tenant's issuer is keyed by the tenant. */
    @QueryHandler
    public Optional<IssuerView> handle(FindIssuer query) {
        return Optional.ofNullable(mongo.findById(query.tenantId(), IssuerDocument.class)).map(IssuerDocument::toView);
    }

    /** Status lists are public: found by id alone. */
    @QueryHandler
    public Optional<StatusListView> handle(FindStatusList query) {
        return Optional.ofNullable(mongo.findById(query.listId(), StatusListDocument.class))
                .map(StatusListDocument::toView);
    }

    @QueryHandler
    public Optional<CredentialStatusView> handle(FindCredentialStatus query) {
        return Optional.ofNullable(mongo.findById(query.listId(), StatusListDocument.class))
                .map(list -> list.status(query.index()));
    }

    @QueryHandler
    public CredentialPage handle(ListCredentials query) {
        Criteria criteria = where("tenantId").is(query.tenantId());
        if (query.type() != null) {
            criteria = criteria.and("types").is(query.type());
        }
        if (query.subject() != null) {
            criteria = criteria.and("subjects").is(query.subject());
        }
        if (query.status() != null) {
            criteria = switch (query.status()) {
                case REVOKED -> criteria.and("revokedAt").ne(null);
                case EXPIRED -> criteria.and("expiresAt").lte(query.now());
                case ACTIVE -> criteria.and("revokedAt").is(null)
                        .orOperator(where("expiresAt").is(null), where("expiresAt").gt(query.now()));
            };
        }
        MongoPages.Slice<CredentialDocument> slice = MongoPages.find(mongo, new Query(criteria),
                CredentialDocument.class, query.page(), query.limit(), NEWEST_FIRST);
        return new CredentialPage(slice.items().stream().map(CredentialDocument::toView).toList(), slice.total());
    }
}
