package io.traceloom.query.tradeitem;

import io.traceloom.kernel.tradeitem.TradeItemCreated;
import io.traceloom.kernel.tradeitem.TradeItemView;
import io.traceloom.query.catalogue.TagState;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A trade item in the read model, with its tag embedded as it stands now. Pure folds, no I/O.
 *
 * @param tradeItemTag the embedded tag, or {@code null}
 * @param listChunk    the chunk of the tenant's list that holds it ({@code TenantLists})
 */
@Document(TradeItemDocument.COLLECTION)
@CompoundIndex(name = "tenant_tag", def = "{'tenantId': 1, 'tradeItemTag.id': 1}")
public record TradeItemDocument(@Id String id, String tenantId, String name, TagState tradeItemTag,
                                Instant createdAt, long version, int listChunk) implements TenantDocument {

    public static final String COLLECTION = "trade_items";

    public static TradeItemDocument created(TradeItemCreated event, Instant at, long version, int listChunk) {
        TagState tag = event.tradeItemTag() == null ? null : TagState.of(event.tradeItemTag());
        return new TradeItemDocument(event.tradeItemId(), event.tenantId(), event.name(), tag, at, version, listChunk);
    }

    public boolean isTaggedWith(String tagTenantId, String tagId) {
        return tenantId.equals(tagTenantId) && tradeItemTag != null && tradeItemTag.id().equals(tagId);
    }

    /** The embedded tag as the tag's own event made it: {@code change} is one of {@link TagState}'s folds. */
    public TradeItemDocument tagChanged(UnaryOperator<TagState> change) {
        return new TradeItemDocument(id, tenantId, name, change.apply(tradeItemTag), createdAt, version, listChunk);
    }

    public TradeItemView toView() {
        return new TradeItemView(id, name, tradeItemTag == null ? null : tradeItemTag.toView(), version);
    }
}
