package io.traceloom.query.tradeitemtag;

import io.traceloom.kernel.tradeitem.TradeItemTagSnapshot;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagView;
import io.traceloom.query.common.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A trade item tag in the read model. Its methods fold events into a new document and do no I/O, so the
 * same code rebuilds the view as of any point in history. Trade items embed it too.
 */
@Document(TradeItemTagDocument.COLLECTION)
@CompoundIndex(name = "tenant_oldest_first", def = "{'tenantId': 1, 'createdAt': 1, '_id': 1}")
public record TradeItemTagDocument(@Id String id, String tenantId, String code, String name, String description,
                                   Instant createdAt, Instant updatedAt, boolean deleted, Instant deletedAt,
                                   long version) implements TenantDocument {

    public static final String COLLECTION = "trade_item_tags";

    public static TradeItemTagDocument created(TradeItemTagCreated event, Instant at, long version) {
        return new TradeItemTagDocument(event.tagId(), event.tenantId(), event.code(), event.name(),
                event.description(), at, at, false, null, version);
    }

    public static TradeItemTagDocument of(String tenantId, TradeItemTagSnapshot tag) {
        return new TradeItemTagDocument(tag.id(), tenantId, tag.code(), tag.name(), tag.description(),
                tag.createdAt(), tag.updatedAt(), false, null, tag.version());
    }

    public TradeItemTagDocument deleted(Instant at, long newVersion) {
        return new TradeItemTagDocument(id, tenantId, code, name, description, createdAt, at, true, at, newVersion);
    }

    public TradeItemTagView toView() {
        return new TradeItemTagView(id, code, name, description, createdAt, updatedAt, deleted, deletedAt, version);
    }
}
