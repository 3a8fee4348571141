package io.traceloom.query.partnertag;

import static io.traceloom.query.partnertag.PartnerTagDocument.READ_MODEL;

import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.partnertag.FindPartnerTag;
import io.traceloom.kernel.partnertag.ListPartnerTags;
import io.traceloom.kernel.partnertag.ListPartnerTagsById;
import io.traceloom.query.history.Histories;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class PartnerTagQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public PartnerTagQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<TagView> handle(FindPartnerTag query) {
        return query.asOf() == null
                ? READ_MODEL.find(mongo, query.tenantId(), query.tagId())
                : histories.asOf(PartnerTagHistory.PARTNER_TAGS, query.tenantId(), query.tagId(), query.asOf())
                .map(tag -> tag.state().toView());
    }

    @QueryHandler
    public TagPage handle(ListPartnerTags query) {
        return READ_MODEL.list(mongo, query.tenantId(), query.page(), query.limit(), query.includeDeleted());
    }

    @QueryHandler
    public TagPage handle(ListPartnerTagsById query) {
        return READ_MODEL.withIds(mongo, query.tenantId(), query.tagIds());
    }
}
