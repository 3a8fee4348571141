package io.traceloom.command.catalogue;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.catalogue.TagSetPlace;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.ResourceIds;
import java.lang.reflect.Constructor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.AggregateIdentifier;

/**
 * A tenant's catalogue of tags, keyed by code: what trade item tags and partner tags are. A code identifies
 * a tag within its catalogue for good: a deleted tag keeps its code, so references to it never become
 * ambiguous, and a set that names it again restores it.
 *
 * <p>One aggregate per tenant and catalogue is the consistency boundary for code uniqueness, and for
 * replacing the whole catalogue at once: a set is one command whose events are committed together or not
 * at all. It stays cheap however large it grows: it stays in memory ({@link CatalogueCache}), loads from a
 * snapshot ({@link CatalogueSnapshots}; its fields are the snapshot, serialized by Jackson: change them,
 * change the revision of every catalogue), and its lock is held only while the command decides and commits
 * in memory, never while the disk is forced.
 *
 * <p>A catalogue is a subclass that names its commands, its tags (for messages) and its own event types;
 * the rules and the folds are here, once, written against the kinds of {@link TagEvent}.
 */
@JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public abstract class TagCatalogue {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private CatalogueTags tags = new CatalogueTags();

    protected TagCatalogue() {
        // for Axon
    }

    /** This catalogue's aggregate identifier in the tenant. */
    protected abstract String catalogueId(String tenantId);

    /** What a tag of this catalogue is called in messages, in lower case: {@code "partner tag"}. */
    protected abstract String noun();

    protected abstract TagEvent.Created created(String tenantId, String tagId, TagInput tag);

    protected abstract TagEvent.Updated updated(String tenantId, String tagId, TagInput tag);

    protected abstract TagEvent.Deleted deleted(String tenantId, String tagId);

    protected abstract TagEvent.Restored restored(String tenantId, String tagId, TagInput tag);

    /** Adds one tag under a code no tag of the catalogue has had. */
    protected void create(String tenantId, String tagId, TagInput tag) {
        Optional<CatalogueTags.Tag> holder = tags.withCode(tag.code());
        if (holder.isPresent()) {
            throw new DomainRejectionException(Rejection.conflict("code",
                    "A " + noun() + " with code '" + tag.code() + "' already exists"
                            + (holder.get().deleted() ? " (deleted)." : ".")));
        }
        if (tags.withId(tagId).isPresent()) {
            throw new DomainRejectionException(Rejection.conflict("id",
                    "A " + noun() + " with id '" + tagId + "' already exists."));
        }
        apply(created(tenantId, tagId, tag));
    }

    /**
     * Makes the catalogue equal to {@code wanted}: a code it does not know is created, a live tag whose name
     * or description differs is updated (an unchanged one records nothing), a deleted one is restored with
     * what the set says, and every live tag whose code the set leaves out is deleted. All in this one unit of
     * work: a reader sees the catalogue before or after, never half of it. Each event of a set of many says where
     * it stands in it ({@link TagSetPlace}), so that the read model shows the set whole or not at all too.
     *
     * @return the ids of the tags the set names, in its order, then those it deleted, in catalogue order
     */
    protected TagSetOutcome set(String tenantId, List<TagInput> wanted) {
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < wanted.size(); i++) {
            Integer first = positions.putIfAbsent(wanted.get(i).code(), i);
            if (first != null) {
                throw new DomainRejectionException(Rejection.invalid("[" + i + "].code",
                        "repeats the code of [" + first + "]: a set names each code once"));
            }
        }
        List<CatalogueTags.Tag> left = tags.all().stream()
                .filter(tag -> !tag.deleted() && !positions.containsKey(tag.code()))
                .toList();
        List<String> ids = new ArrayList<>(wanted.size() + left.size());
        List<TagEvent> changes = new ArrayList<>(wanted.size() + left.size());
        for (TagInput tag : wanted) {
            Optional<CatalogueTags.Tag> existing = tags.withCode(tag.code());
            if (existing.isEmpty()) {
                String tagId = ResourceIds.next();
                changes.add(created(tenantId, tagId, tag));
                ids.add(tagId);
                continue;
            }
            CatalogueTags.Tag known = existing.get();
            if (known.deleted()) {
                changes.add(restored(tenantId, known.id(), tag));
            } else if (!Objects.equals(known.name(), tag.name())
                    || !Objects.equals(known.description(), tag.description())) {
                changes.add(updated(tenantId, known.id(), tag));
            }
            ids.add(known.id());
        }
        for (CatalogueTags.Tag tag : left) {
            changes.add(deleted(tenantId, tag.id()));
            ids.add(tag.id());
        }
        for (int i = 0; i < changes.size(); i++) {
            apply(changes.get(i), changes.size() < 2 ? MetaData.emptyInstance()
                    : MetaData.from(new TagSetPlace(i, changes.size()).metaData()));
        }
        return new TagSetOutcome(ids);
    }

    /** Soft-deletes a tag. Deleting a deleted tag changes nothing and is not an error: DELETE is idempotent. */
    protected void delete(String tenantId, String tagId) {
        CatalogueTags.Tag tag = tags.withId(tagId).orElseThrow(() -> new DomainRejectionException(
                Rejection.notFound(Character.toUpperCase(noun().charAt(0)) + noun().substring(1) + " '" + tagId
                        + "' does not exist.")));
        if (!tag.deleted()) {
            apply(deleted(tenantId, tag.id()));
        }
    }

    /**
     * A catalogue equal to this one that its later changes leave as it is: what a snapshot of it holds. It shares the
     * tags (immutable records), not the maps that hold them. It copies this class's fields: a catalogue that adds
     * fields of its own must copy them too (none does).
     */
    TagCatalogue copy() {
        TagCatalogue copy;
        try {
            Constructor<? extends TagCatalogue> empty = getClass().getDeclaredConstructor();
            empty.setAccessible(true); // the constructor Axon uses, protected in every catalogue
            copy = empty.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(getClass().getName() + " has no constructor without parameters", e);
        }
        copy.id = id;
        copy.tenantId = tenantId;
        copy.tags = tags.copy();
        return copy;
    }

    /** The live tag with this code, as other features' command handlers may put it on something. */
    public Optional<TagSnapshot> liveTag(String code) {
        return tags.live(code);
    }

    @EventSourcingHandler
    public void on(TagEvent.Created event, @Timestamp Instant at, @SequenceNumber long sequence) {
        id = catalogueId(event.tenantId());
        tenantId = event.tenantId();
        tags.put(new CatalogueTags.Tag(event.tagId(), event.code(), event.name(), event.description(), at, at,
                sequence, false));
    }

    @EventSourcingHandler
    public void on(TagEvent.Updated event, @Timestamp Instant at, @SequenceNumber long sequence) {
        tags.withId(event.tagId()).ifPresent(tag -> tags.put(tag.updated(event.name(), event.description(), at,
                sequence)));
    }

    @EventSourcingHandler
    public void on(TagEvent.Deleted event, @Timestamp Instant at, @SequenceNumber long sequence) {
        tags.withId(event.tagId()).ifPresent(tag -> tags.put(tag.deleted(at, sequence)));
    }

    @EventSourcingHandler
    public void on(TagEvent.Restored event, @Timestamp Instant at, @SequenceNumber long sequence) {
        tags.withId(event.tagId()).ifPresent(tag -> tags.put(tag.restored(event.name(), event.description(), at,
                sequence)));
    }
}
