package io.traceloom.command.catalogue;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.traceloom.kernel.catalogue.TagSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tags of one catalogue (a tenant's trade item tags, its partner tags) as a catalogue
 * aggregate decides with them: by code, for uniqueness and for tagging, and by id.
 *
 * <p>In a snapshot each tag appears once, in creation order, in columns ({@link Columns}): arrays of
 * strings and numbers, timestamps as epoch nanoseconds. Reading 100,000 tags back that way takes a
 * fraction of the time an object per tag with ISO-8601 timestamps did (about 1 s, 10 µs a tag, which
 * is what the first write of a tenant after a restart waits for); the code index is rebuilt on reading.
 */
public final class CatalogueTags {

    /**
     * One tag.
     *
     * @param version the catalogue's sequence number at the tag's last change
     */
    public record Tag(String id, String code, String name, String description, Instant createdAt,
                      Instant updatedAt, long version, boolean deleted) {

        public Tag deleted(Instant at, long newVersion) {
            return new Tag(id, code, name, description, createdAt, at, newVersion, true);
        }

        public Tag updated(String newName, String newDescription, Instant at, long newVersion) {
            return new Tag(id, code, newName, newDescription, createdAt, at, newVersion, deleted);
        }

        public Tag restored(String newName, String newDescription, Instant at, long newVersion) {
            return new Tag(id, code, newName, newDescription, createdAt, at, newVersion, false);
        }

        public TagSnapshot snapshot() {
            return new TagSnapshot(id, code, name, description, createdAt, updatedAt, version);
        }
    }

    private final Map<String, Tag> byId;
    private final Map<String, Tag> byCode;

    public CatalogueTags() {
        this(new LinkedHashMap<>(), new HashMap<>());
    }

    private CatalogueTags(Map<String, Tag> byId, Map<String, Tag> byCode) {
        this.byId = byId;
        this.byCode = byCode;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    CatalogueTags(Columns columns) {
        this();
        int size = columns.id().size();
        int deleted = 0;
        for (int i = 0; i < size; i++) {
            boolean isDeleted = deleted < columns.deleted().length && columns.deleted()[deleted] == i;
            if (isDeleted) {
                deleted++;
            }
            Instant createdAt = instant(columns.createdAt()[i]);
            Instant updatedAt = columns.updatedAt()[i] == columns.createdAt()[i]
                    ? createdAt : instant(columns.updatedAt()[i]);
            put(new Tag(columns.id().get(i), columns.code().get(i), columns.name().get(i),
                    columns.description().get(i), createdAt, updatedAt, columns.version()[i], isDeleted));
        }
    }

    @JsonValue
    Columns columns() {
        int size = byId.size();
        List<String> ids = new ArrayList<>(size);
        List<String> codes = new ArrayList<>(size);
        List<String> names = new ArrayList<>(size);
        List<String> descriptions = new ArrayList<>(size);
        long[] createdAt = new long[size];
        long[] updatedAt = new long[size];
        long[] versions = new long[size];
        List<Integer> deleted = new ArrayList<>();
        int i = 0;
        for (Tag tag : byId.values()) {
            ids.add(tag.id());
            codes.add(tag.code());
            names.add(tag.name());
            descriptions.add(tag.description());
            createdAt[i] = epochNanos(tag.createdAt());
            updatedAt[i] = epochNanos(tag.updatedAt());
            versions[i] = tag.version();
            if (tag.deleted()) {
                deleted.add(i);
            }
            i++;
        }
        return new Columns(ids, codes, names, descriptions, createdAt, updatedAt, versions,
                deleted.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * The tags as a snapshot holds them: the i-th entry of every column belongs to the i-th tag.
     *
     * @param deleted the positions of the deleted tags, ascending
     */
    record Columns(List<String> id, List<String> code, List<String> name, List<String> description,
                   long[] createdAt, long[] updatedAt, long[] version, int[] deleted) {
    }

    private static long epochNanos(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
    }

    private static Instant instant(long epochNanos) {
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
                Math.floorMod(epochNanos, 1_000_000_000L));
    }

    /** The same tags in maps of their own: what one changes, the other does not see. */
    CatalogueTags copy() {
        return new CatalogueTags(new LinkedHashMap<>(byId), new HashMap<>(byCode));
    }

    public Optional<Tag> withId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The tag that holds this code, deleted or not: a code is never given to another tag. */
    public Optional<Tag> withCode(String code) {
        return Optional.ofNullable(byCode.get(code));
    }

    /** The live tag with this code, as it stands now. */
    public Optional<TagSnapshot> live(String code) {
        return withCode(code).filter(tag -> !tag.deleted()).map(Tag::snapshot);
    }

    /** Adds a tag, or replaces the one with its id. */
    public void put(Tag tag) {
        byId.put(tag.id(), tag);
        byCode.put(tag.code(), tag);
    }

    /** Every tag, deleted ones included, in the order they were created. */
    public Collection<Tag> all() {
        return Collections.unmodifiableCollection(byId.values());
    }

    public int size() {
        return byId.size();
    }
}
