package io.traceloom.api.catalogue;

import io.traceloom.kernel.catalogue.TagView;
import java.time.Instant;

/** A catalogue tag (TradeItemTag, PartnerTag: the same shape) as SPEC.md shows it. */
public record TagResponse(String id, String code, String name, String description, Instant createdAt,
                          Instant updatedAt, boolean deleted, Instant deletedAt) {

    public static TagResponse of(TagView tag) {
        return new TagResponse(tag.id(), tag.code(), tag.name(), tag.description(), tag.createdAt(),
                tag.updatedAt(), tag.deleted(), tag.deletedAt());
    }
}
