package io.traceloom.query.linkset;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.linkset.FindLinkSet;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkSetPage;
import io.traceloom.kernel.linkset.LinkSetView;
import io.traceloom.kernel.linkset.ListLinkSets;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.stereotype.Component;

@Component
public class LinkSetQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public LinkSetQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<LinkSetView> handle(FindLinkSet query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, LinkSetDocument.class, LinkSetIds.of(query.tenantId(), query.linkSetId()),
                        query.tenantId())
                : histories.asOf(LinkSetHistory.LINK_SETS, query.tenantId(), query.linkSetId(), query.asOf()))
                .map(LinkSetDocument::toView);
    }

    @QueryHandler
    public LinkSetPage handle(ListLinkSets query) {
        Criteria criteria = where("tenantId").is(query.tenantId());
        if (query.identifier() != null) {
            criteria = criteria.and("identifier").is(query.identifier());
        }
        MongoPages.Slice<LinkSetDocument> slice = MongoPages.find(mongo, query(criteria), LinkSetDocument.class,
                query.page(), query.limit());
        return new LinkSetPage(slice.items().stream().map(LinkSetDocument::toView).toList(), slice.total());
    }
}
