package io.traceloom.query.tradeitem;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(TradeItemProjection.PROCESSING_GROUP)
public class TradeItemProjection {

    public static final String PROCESSING_GROUP = "trade-items";

    private final ReadModelWriter writer;

    public TradeItemProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<TradeItemDocument> items() {
        return writer.documents(TradeItemDocument.class, TradeItemDocument::id);
    }

    @EventHandler
    void on(TradeItemCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        items().save(TradeItemDocument.created(event, at, version));
    }

    @EventHandler
    void on(TradeItemDeleted event) {
        items().remove(event.tradeItemId());
    }

    /** The embedded tag stays true to the tag: items keep it, marked deleted. */
    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long tagVersion) {
        Documents<TradeItemDocument> items = items();
        items.find(query(where("tenantId").is(event.tenantId()).and("tradeItemTag.id").is(event.tagId())),
                        item -> item.isTaggedWith(event.tenantId(), event.tagId()))
                .forEach(item -> items.save(item.tagDeleted(at, tagVersion)));
    }

    @ResetHandler
    void reset() {
        writer.clear(TradeItemDocument.class);
    }
}
