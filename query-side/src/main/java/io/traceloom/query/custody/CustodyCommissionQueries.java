package io.traceloom.query.custody;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.custody.CustodyCommissionPage;
import io.traceloom.kernel.custody.CustodyCommissionView;
import io.traceloom.kernel.custody.FindCustodyCommission;
import io.traceloom.kernel.custody.ListCustodyCommissions;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.stereotype.Component;

@Component
public class CustodyCommissionQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public CustodyCommissionQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<CustodyCommissionView> handle(FindCustodyCommission query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, CustodyCommissionDocument.class, query.commissionId(), query.tenantId())
                : histories.asOf(CustodyCommissionHistory.CUSTODY_COMMISSIONS, query.tenantId(), query.commissionId(),
                query.asOf()))
                .map(CustodyCommissionDocument::toView);
    }

    @QueryHandler
    public CustodyCommissionPage handle(ListCustodyCommissions query) {
        Criteria criteria = where("tenantId").is(query.tenantId());
        if (query.consumed() != null) {
            criteria = criteria.and("consumed").is(query.consumed());
        }
        MongoPages.Slice<CustodyCommissionDocument> slice = MongoPages.find(mongo, query(criteria),
                CustodyCommissionDocument.class, query.page(), query.limit());
        return new CustodyCommissionPage(slice.items().stream().map(CustodyCommissionDocument::toView).toList(),
                slice.total());
    }
}
