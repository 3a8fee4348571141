package io.traceloom.query.tradeitemtag;

import static io.traceloom.query.tradeitemtag.TradeItemTagDocument.READ_MODEL;

import io.traceloom.kernel.catalogue.TagSetPlace;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagRestored;
import io.traceloom.kernel.tradeitemtag.TradeItemTagUpdated;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.messaging.MetaData;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(TradeItemTagProjection.PROCESSING_GROUP)
public class TradeItemTagProjection {

    public static final String PROCESSING_GROUP = "trade-item-tags";

    private final ReadModelWriter writer;

    public TradeItemTagProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(TradeItemTagCreated event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.created(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(TradeItemTagUpdated event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.updated(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.deleted(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @EventHandler
    void on(TradeItemTagRestored event, @Timestamp Instant at, @SequenceNumber long version,
            MetaData metaData) {
        READ_MODEL.restored(writer, event, at, version, TagSetPlace.of(metaData));
    }

    @ResetHandler
    void reset() {
        READ_MODEL.clear(writer);
    }
}
