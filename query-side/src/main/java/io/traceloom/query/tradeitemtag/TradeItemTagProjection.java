package io.traceloom.query.tradeitemtag;

import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
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
@ProcessingGroup(TradeItemTagProjection.PROCESSING_GROUP)
public class TradeItemTagProjection {

    public static final String PROCESSING_GROUP = "trade-item-tags";

    private final ReadModelWriter writer;

    public TradeItemTagProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<TradeItemTagDocument> tags() {
        return writer.documents(TradeItemTagDocument.class, TradeItemTagDocument::id);
    }

    @EventHandler
    void on(TradeItemTagCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        tags().save(TradeItemTagDocument.created(event, at, version));
    }

    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<TradeItemTagDocument> tags = tags();
        TradeItemTagDocument tag = tags.find(event.tagId());
        if (tag != null) {
            tags.save(tag.deleted(at, version));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(TradeItemTagDocument.class);
    }
}
