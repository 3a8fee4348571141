package io.traceloom.query.tradeitem;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(TradeItemProjection.PROCESSING_GROUP)
public class TradeItemProjection {

    public static final String PROCESSING_GROUP = "trade-items";

    private final MongoTemplate mongo;

    public TradeItemProjection(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @EventHandler
    void on(TradeItemCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        mongo.save(TradeItemDocument.created(event, at, version));
    }

    @EventHandler
    void on(TradeItemDeleted event) {
        mongo.remove(query(where("_id").is(event.tradeItemId())), TradeItemDocument.class);
    }

    /** The embedded tag stays true to the tag: items keep it, marked deleted. */
    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long tagVersion) {
        mongo.find(query(where("tenantId").is(event.tenantId()).and("tradeItemTag.id").is(event.tagId())),
                        TradeItemDocument.class)
                .forEach(item -> mongo.save(item.tagDeleted(at, tagVersion)));
    }

    @ResetHandler
    void reset() {
        mongo.remove(new Query(), TradeItemDocument.class);
    }
}
