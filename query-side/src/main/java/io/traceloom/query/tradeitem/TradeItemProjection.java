package io.traceloom.query.tradeitem;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemDeleted;
import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagRestored;
import io.traceloom.kernel.tradeitemtag.TradeItemTagUpdated;
import io.traceloom.query.catalogue.TagState;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import io.traceloom.query.readmodel.TenantLists;
import java.time.Instant;
import java.util.function.UnaryOperator;
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

    /** Each tenant's items, oldest first: what a page of the list reads. */
    private TenantLists lists() {
        return writer.lists(TradeItemDocument.class);
    }

    @EventHandler
    void on(TradeItemCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        int listChunk = lists().append(event.tenantId(), event.tradeItemId());
        items().save(TradeItemDocument.created(event, at, version, listChunk));
    }

    @EventHandler
    void on(TradeItemDeleted event) {
        Documents<TradeItemDocument> items = items();
        TradeItemDocument item = items.find(event.tradeItemId());
        if (item != null) {
            lists().remove(item.tenantId(), item.id(), item.listChunk());
            items.remove(event.tradeItemId());
        }
    }

    /** The embedded tag stays true to the tag: items keep it, marked deleted. */
    @EventHandler
    void on(TradeItemTagDeleted event, @Timestamp Instant at, @SequenceNumber long tagVersion) {
        tagChanged(event, tag -> tag.deleted(at, tagVersion));
    }

    @EventHandler
    void on(TradeItemTagUpdated event, @Timestamp Instant at, @SequenceNumber long tagVersion) {
        tagChanged(event, tag -> tag.updated(event.name(), event.description(), at, tagVersion));
    }

    @EventHandler
    void on(TradeItemTagRestored event, @Timestamp Instant at, @SequenceNumber long tagVersion) {
        tagChanged(event, tag -> tag.restored(event.name(), event.description(), at, tagVersion));
    }

    /**
     * Every item of the tenant tagged with the event's tag. On the embedded MongoDB this query reads the whole
     * collection; a set that changes many tags pays it once per tag.
     */
    private void tagChanged(TagEvent event, UnaryOperator<TagState> change) {
        Documents<TradeItemDocument> items = items();
        items.find(query(where("tenantId").is(event.tenantId()).and("tradeItemTag.id").is(event.tagId())),
                        item -> item.isTaggedWith(event.tenantId(), event.tagId()))
                .forEach(item -> items.save(item.tagChanged(change)));
    }

    @ResetHandler
    void reset() {
        writer.clear(TradeItemDocument.class);
    }
}
