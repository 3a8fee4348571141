package io.traceloom.query.catalogue;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.catalogue.TagPage;
import io.traceloom.kernel.catalogue.TagSetPlace;
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
import java.util.function.Function;
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
 * id and save what the fold made of it. A set is one change for readers: its events say where it begins and
 * ends ({@link TagSetPlace}), the read model marks it open meanwhile and keeps each tag's state from before it,
 * and readers read the catalogue as it stood before the open set ({@link TagSetHead}).
 *
 * @param <D> the catalogue's document
 */
public final class TagReadModel<D extends TagDocument> {

    private final Class<D> type;
    private static final Sort CATALOGUE_ORDER = Sort.by("position", "_id");
    /** How many times a read starts again when sets overtake it, before it answers what it read last. */
    static final int MOST_READS = 100;

    private final TagDocument.Factory<D> document;

    public TagReadModel(Class<D> type, TagDocument.Factory<D> document) {
        this.type = type;
        this.document = document;
    }

    private Documents<D> documents(ReadModelWriter writer) {
        return writer.documents(type, TagDocument::id);
    }

    private Documents<TagSetHead> heads(ReadModelWriter writer) {
        return writer.beside(type, TagSetHead.SUFFIX, TagSetHead.class, TagSetHead::id);
    }

    /** @param place where the event stands in its set; {@code null}: it is no part of a set of many */
    public void created(ReadModelWriter writer, TagEvent.Created event, Instant at, long version,
                        TagSetPlace place) {
        Long open = begin(writer, event.tenantId(), version, place);
        documents(writer).save(document.of(event.tenantId(), version,
                TagState.created(event.tagId(), event.code(), event.name(), event.description(), at, version), null));
        end(writer, event.tenantId(), place, open);
    }

    public void updated(ReadModelWriter writer, TagEvent.Updated event, Instant at, long version,
                        TagSetPlace place) {
        change(writer, event, version, place, tag -> tag.updated(event.name(), event.description(), at, version));
    }

    public void deleted(ReadModelWriter writer, TagEvent.Deleted event, Instant at, long version,
                        TagSetPlace place) {
        change(writer, event, version, place, tag -> tag.deleted(at, version));
    }

    public void restored(ReadModelWriter writer, TagEvent.Restored event, Instant at, long version,
                         TagSetPlace place) {
        change(writer, event, version, place,
                tag -> tag.restored(event.name(), event.description(), at, version));
    }

    private void change(ReadModelWriter writer, TagEvent event, long version, TagSetPlace place,
                        UnaryOperator<TagState> fold) {
        Long open = begin(writer, event.tenantId(), version, place);
        Documents<D> documents = documents(writer);
        D found = documents.find(event.tagId());
        if (found != null) {
            TagState before = open == null ? null : found.state().version() < open ? found.state() : found.before();
            documents.save(document.of(found.tenantId(), found.position(), fold.apply(found.state()), before));
        }
        end(writer, event.tenantId(), place, open);
    }

    /**
     * Opens the set whose first event this is: what the batch wrote before reaches MongoDB first, then the head
     * that says the set is open, then the set's tags. A batch handled again (after a failure) finds the set
     * opened already, and does not open it again.
     *
     * @return the first sequence number of the set this event belongs to while the read model has it open;
     *         {@code null} for an event of no set, or of one that was whole before
     */
    private Long begin(ReadModelWriter writer, String tenantId, long sequence, TagSetPlace place) {
        if (place == null) {
            return null;
        }
        long from = place.firstSequence(sequence);
        TagSetHead head = heads(writer).find(tenantId);
        if (place.first() && (head == null || head.lastFrom() < from)) {
            writer.sendHeldWrites();
            head = TagSetHead.opened(head, tenantId, from);
            heads(writer).save(head);
            writer.sendHeldWrites();
        }
        return head != null && head.openFrom() != null && head.openFrom() == from ? from : null;
    }

    /** Closes the open set after its last event: its tags reach MongoDB first, then the head that says so. */
    private void end(ReadModelWriter writer, String tenantId, TagSetPlace place, Long open) {
        if (open != null && place.last()) {
            writer.sendHeldWrites();
            Documents<TagSetHead> heads = heads(writer);
            heads.save(heads.find(tenantId).closed());
            writer.sendHeldWrites();
        }
    }

    public void clear(ReadModelWriter writer) {
        writer.clear(type);
        writer.clearBeside(type, TagSetHead.SUFFIX, TagSetHead.class);
    }

    /** The tenant's tag with this id, deleted or not. */
    public Optional<TagView> find(MongoTemplate mongo, String tenantId, String tagId) {
        return whole(mongo, tenantId, (Long open) -> TenantDocument.findById(mongo, type, tagId, tenantId)
                .map(tag -> shown(tag, open)).map(TagState::toView));
    }

    /** A page of the tenant's tags, oldest first: in the order they joined the catalogue. */
    public TagPage list(MongoTemplate mongo, String tenantId, int page, int limit, boolean includeDeleted) {
        return whole(mongo, tenantId, (Long open) -> {
            Criteria criteria = where("tenantId").is(tenantId);
            if (open != null) {
                criteria = criteria.and("position").lt(open);
                if (!includeDeleted) {
                    criteria = criteria.orOperator(where("version").lt(open).and("deleted").is(false),
                            where("version").gte(open).and("before.deleted").is(false));
                }
            } else if (!includeDeleted) {
                criteria = criteria.and("deleted").is(false);
            }
            MongoPages.Slice<D> slice = MongoPages.find(mongo, query(criteria), type, page, limit, CATALOGUE_ORDER);
            return new TagPage(slice.items().stream().map(tag -> shown(tag, open))
                    .filter(Objects::nonNull).map(TagState::toView).toList(), slice.total());
        });
    }

    /**
     * The tenant's tags with these ids, in this order: one query on {@code _id} alone, the tenant checked
     * here (as {@link TenantDocument#findById} does).
     */
    public TagPage withIds(MongoTemplate mongo, String tenantId, List<String> tagIds) {
        return whole(mongo, tenantId, (Long open) -> {
            Map<String, TagView> found = new HashMap<>();
            for (D tag : mongo.find(query(where("_id").in(tagIds)), type)) {
                TagState shown = tag.tenantId().equals(tenantId) ? shown(tag, open) : null;
                if (shown != null) {
                    found.put(tag.id(), shown.toView());
                }
            }
            List<TagView> items = tagIds.stream().map(found::get).filter(Objects::nonNull).toList();
            return new TagPage(items, items.size());
        });
    }

    /**
     * What {@code read} answers of the catalogue as it stood before the set open in the read model, if one is
     * (its argument: the set's first sequence number, or {@code null}), read again while a set opens or closes
     * during the read ({@link TagSetHead}): never part of a set. A read overtaken by
     * {@value #MOST_READS} sets in a row answers the last.
     */
    private <R> R whole(MongoTemplate mongo, String tenantId, Function<Long, R> read) {
        String heads = mongo.getCollectionName(type) + TagSetHead.SUFFIX;
        TagSetHead head = mongo.findById(tenantId, TagSetHead.class, heads);
        for (int reads = 1; ; reads++) {
            R answer = read.apply(head == null ? null : head.openFrom());
            TagSetHead after = mongo.findById(tenantId, TagSetHead.class, heads);
            if (Objects.equals(head, after) || reads == MOST_READS) {
                return answer;
            }
            head = after;
        }
    }

    /** The tag as a reader of the catalogue before the open set sees it: {@code null} when the set created it. */
    private static TagState shown(TagDocument tag, Long open) {
        if (open == null || tag.state().version() < open) {
            return tag.state();
        }
        return tag.position() < open ? tag.before() : null;
    }
}
