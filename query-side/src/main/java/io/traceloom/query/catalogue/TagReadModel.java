package io.traceloom.query.catalogue;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.ReadModelWriter;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;

/**
 * The read model of one kind of tag catalogue (trade item tags, partner tags): how its events fold into its
 * documents, and how its queries read them. Each catalogue has its collection, its projection and its
 * queries, which hand their events and queries to this; what they do is the same for every catalogue.
 *
 * <p>The folds are those of {@link TagState}, without I/O; the projection methods only find a document by
 * id and save what the fold made of it.
 *
 * @param <D> the catalogue's document
 */
public final class TagReadModel<D extends TagDocument> {

    private final Class<D> type;
    private static final Sort CATALOGUE_ORDER = Sort.by("position", "_id");

    private final TagDocument.Factory<D> document;

    public TagReadModel(Class<D> type, TagDocument.Factory<D> document) {
        this.type = type;
        this.document = document;
    }

    private Documents<D> documents(ReadModelWriter writer) {
        return writer.documents(type, TagDocument::id);
    }

    public void created(ReadModelWriter writer, TagEvent.Created event, Instant at, long version) {
        documents(writer).save(document.of(event.tenantId(), version,
                TagState.created(event.tagId(), event.code(), event.name(), event.description(), at, version)));
    }

    public void updated(ReadModelWriter writer, TagEvent.Updated event, Instant at, long version) {
        change(writer, event, tag -> tag.updated(event.name(), event.description(), at, version));
    }

    public void deleted(ReadModelWriter writer, TagEvent.Deleted event, Instant at, long version) {
        change(writer, event, tag -> tag.deleted(at, version));
    }

    public void restored(ReadModelWriter writer, TagEvent.Restored event, Instant at, long version) {
        change(writer, event, tag -> tag.restored(event.name(), event.description(), at, version));
    }

    private void change(ReadModelWriter writer, TagEvent event, UnaryOperator<TagState> fold) {
        Documents<D> documents = documents(writer);
        D found = documents.find(event.tagId());
        if (found != null) {
            documents.save(document.of(found.tenantId(), found.position(), fold.apply(found.state())));
        }
    }

    public void clear(ReadModelWriter writer) {
        writer.clear(type);
    }

    /** The tenant's tag with this id, deleted or not. */
    public Optional<TagView> find(MongoTemplate mongo, String tenantId, String tagId) {
        return TenantDocument.findById(mongo, type, tagId, tenantId).map(tag -> tag.state().toView());
    }

    /** A page of the tenant's tags, oldest first: in the order they joined the catalogue. */
    public TagPage list(MongoTemplate mongo, String tenantId, int page, int limit, boolean includeDeleted) {
        Criteria criteria = where("tenantId").is(tenantId);
        if (!includeDeleted) {
            criteria = criteria.and("deleted").is(false);
        }
        MongoPages.Slice<D> slice = MongoPages.find(mongo, query(criteria), type, page, limit, CATALOGUE_ORDER);
        return new TagPage(slice.items().stream().map(tag -> tag.state().toView()).toList(), slice.total());
    }

    /**
     * The tenant's tags with these ids, in this order: one query on {@code _id} alone, the tenant checked
     * here (as {@link TenantDocument#findById} does).
     */
    public TagPage withIds(MongoTemplate mongo, String tenantId, List<String> tagIds) {
        Map<String, TagView> found = new HashMap<>();
        for (D tag : mongo.find(query(where("_id").in(tagIds)), type)) {
            if (tag.tenantId().equals(tenantId)) {
                found.put(tag.id(), tag.state().toView());
            }
        }
        List<TagView> items = tagIds.stream().map(found::get).filter(Objects::nonNull).toList();
        return new TagPage(items, items.size());
    }
}
