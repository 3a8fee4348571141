package io.traceloom.query.catalogue;

import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.catalogue.TagView;
import java.time.Instant;

/**
 * A catalogue tag as read models hold it, whether in its own collection or embedded in what it tags.
 * Its methods fold events into a new state and do no I/O, so the same code rebuilds a view as of any
 * point in history.
 */
public record TagState(String id, String code, String name, String description, Instant createdAt,
                       Instant updatedAt, boolean deleted, Instant deletedAt, long version) {

    public static TagState created(String id, String code, String name, String description, Instant at,
                                   long version) {
        return new TagState(id, code, name, description, at, at, false, null, version);
    }

    public static TagState of(TagSnapshot tag) {
        return new TagState(tag.id(), tag.code(), tag.name(), tag.description(), tag.createdAt(),
                tag.updatedAt(), false, null, tag.version());
    }

    public TagState updated(String newName, String newDescription, Instant at, long newVersion) {
        return new TagState(id, code, newName, newDescription, createdAt, at, deleted, deletedAt, newVersion);
    }

    public TagState restored(String newName, String newDescription, Instant at, long newVersion) {
        return new TagState(id, code, newName, newDescription, createdAt, at, false, null, newVersion);
    }

    public TagState deleted(Instant at, long newVersion) {
        return new TagState(id, code, name, description, createdAt, at, true, at, newVersion);
    }

    public TagView toView() {
        return new TagView(id, code, name, description, createdAt, updatedAt, deleted, deletedAt, version);
    }
}
