package io.traceloom.query.tenantuser;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.tenantuser.Admission;
import io.traceloom.kernel.tenantuser.CheckAdmission;
import io.traceloom.kernel.tenantuser.FindTenant;
import io.traceloom.kernel.tenantuser.FindTenantUser;
import io.traceloom.kernel.tenantuser.ListTenantUsers;
import io.traceloom.kernel.tenantuser.ListTenants;
import io.traceloom.kernel.tenantuser.TenantPage;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserPage;
import io.traceloom.kernel.tenantuser.TenantUserView;
import io.traceloom.kernel.tenantuser.TenantView;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

@Component
public class TenantUserQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public TenantUserQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<TenantView> handle(FindTenant query) {
        return Optional.ofNullable(mongo.findById(query.tenantId(), RegisteredTenantDocument.class))
                .map(RegisteredTenantDocument::toView);
    }

    @QueryHandler
    public TenantPage handle(ListTenants query) {
        MongoPages.Slice<RegisteredTenantDocument> slice = MongoPages.find(mongo, new Query(),
                RegisteredTenantDocument.class, query.page(), query.limit());
        return new TenantPage(slice.items().stream().map(RegisteredTenantDocument::toView).toList(), slice.total());
    }

    @QueryHandler
    public Optional<TenantUserView> handle(FindTenantUser query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, TenantUserDocument.class,
                        TenantUserIds.user(query.tenantId(), query.userId()), query.tenantId())
                : histories.asOf(TenantUserHistory.TENANT_USERS, query.tenantId(), query.userId(), query.asOf()))
                .filter(user -> !user.deleted())
                .map(TenantUserDocument::toView);
    }

    @QueryHandler
    public TenantUserPage handle(ListTenantUsers query) {
        MongoPages.Slice<TenantUserDocument> slice = MongoPages.find(mongo,
                query(where("tenantId").is(query.tenantId()).and("deleted").is(false)), TenantUserDocument.class,
                query.page(), query.limit());
        return new TenantUserPage(slice.items().stream().map(TenantUserDocument::toView).toList(), slice.total());
    }

    /** Two lookups by {@code _id}: the tenant's registration, the user's record (none: never registered). */
    @QueryHandler
    public Admission handle(CheckAdmission query) {
        RegisteredTenantDocument tenant = mongo.findById(query.tenantId(), RegisteredTenantDocument.class);
        if (tenant == null) {
            return Admission.TENANT_NOT_REGISTERED;
        }
        if (tenant.disabled()) {
            return Admission.TENANT_DISABLED;
        }
        return TenantDocument.findById(mongo, TenantUserDocument.class,
                        TenantUserIds.user(query.tenantId(), query.userId()), query.tenantId())
                .map(user -> user.deleted() ? Admission.USER_DELETED : Admission.ADMITTED)
                .orElse(Admission.USER_NOT_REGISTERED);
    }
}
