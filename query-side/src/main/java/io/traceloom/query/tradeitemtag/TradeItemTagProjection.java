package io.traceloom.query.tradeitemtag;

import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
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
@ProcessingGroup(TradeItemTagProjection.PROCESSING_GROUP)
public class TradeItemTagProjection {

    public static final String PROCESSING_GROUP = "trade-item-tags";

    private final MongoTemplate mongo;

    public TradeItemTagProjection(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @EventHandler
    void on(TradeItemTagCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        mongo.save(TradeItemTagDocument.created(event, at, version));
    }

    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long version) {
        TradeItemTagDocument tag = mongo.findById(event.tagId(), TradeItemTagDocument.class);
        if (tag != null) {
            mongo.save(tag.deleted(at, version));
        }
    }

    @ResetHandler
    void reset() {
        mongo.remove(new Query(), TradeItemTagDocument.class);
    }
}
