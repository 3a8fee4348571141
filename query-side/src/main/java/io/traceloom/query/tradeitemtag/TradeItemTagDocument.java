package io.traceloom.query.tradeitemtag;

import io.traceloom.query.catalogue.TagDocument;
import io.traceloom.query.catalogue.TagReadModel;
import io.traceloom.query.catalogue.TagState;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A trade item tag in the read model: a {@link TagState} of the tenant, flat so lists can filter and sort on its
 * fields. Folds events through {@link TagState}, with no I/O ({@link #READ_MODEL}).
 */
@Document(TradeItemTagDocument.COLLECTION)
@CompoundIndex(name = "tenant_catalogue_order", def = "{'tenantId': 1, 'position': 1, '_id': 1}")
public record TradeItemTagDocument(@Id String id, String tenantId, String code, String name, String description,
                                   Instant createdAt, Instant updatedAt, boolean deleted, Instant deletedAt,
                                   long version, long position, TagState before) implements TagDocument {

    public static final String COLLECTION = "trade_item_tags";

    /** How the catalogue's events and queries reach this collection. */
    static final TagReadModel<TradeItemTagDocument> READ_MODEL = new TagReadModel<>(TradeItemTagDocument.class,
            TradeItemTagDocument::of);

    public static TradeItemTagDocument of(String tenantId, long position, TagState tag, TagState before) {
        return new TradeItemTagDocument(tag.id(), tenantId, tag.code(), tag.name(), tag.description(),
                tag.createdAt(), tag.updatedAt(), tag.deleted(), tag.deletedAt(), tag.version(), position, before);
    }

    @Override
    public TagState state() {
        return new TagState(id, code, name, description, createdAt, updatedAt, deleted, deletedAt, version);
    }
}
