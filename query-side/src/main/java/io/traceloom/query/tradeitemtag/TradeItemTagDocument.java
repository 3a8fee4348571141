package io.traceloom.query.tradeitemtag;

import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.query.catalogue.TagState;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A trade item tag in the read model: a {@link TagState} of the tenant, flat so lists can filter and sort
 * on its fields. Folds events through {@link TagState}, with no I/O.
 */
@Document(TradeItemTagDocument.COLLECTION)
@CompoundIndex(name = "tenant_oldest_first", def = "{'tenantId': 1, 'createdAt': 1, '_id': 1}")
public record TradeItemTagDocument(@Id String id, String tenantId, String code, String name, String description,
                                   Instant createdAt, Instant updatedAt, boolean deleted, Instant deletedAt,
                                   long version) implements TenantDocument {

    public static final String COLLECTION = "trade_item_tags";

    public static TradeItemTagDocument created(TradeItemTagCreated event, Instant at, long version) {
        return of(event.tenantId(),
                TagState.created(event.tagId(), event.code(), event.name(), event.description(), at, version));
    }

    static TradeItemTagDocument of(String tenantId, TagState tag) {
        return new TradeItemTagDocument(tag.id(), tenantId, tag.code(), tag.name(), tag.description(),
                tag.createdAt(), tag.updatedAt(), tag.deleted(), tag.deletedAt(), tag.version());
    }

    TagState state() {
        return new TagState(id, code, name, description, createdAt, updatedAt, deleted, deletedAt, version);
    }

    public TradeItemTagDocument deleted(Instant at, long newVersion) {
        return of(tenantId, state().deleted(at, newVersion));
    }

    public TagView toView() {
        return state().toView();
    }
}
