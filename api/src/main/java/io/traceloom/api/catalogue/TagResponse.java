package io.traceloom.api.catalogue;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.catalogue.TagView;
import java.time.Instant;
import org.springframework.lang.Nullable;

/** A catalogue tag (TradeItemTag, PartnerTag: the same shape) as SPEC.md shows it. */
@Schema(name = "Tag", description = "A tag of a tenant's catalogue, identified by its code.",
        requiredProperties = {"id", "code", "name", "description", "createdAt", "updatedAt", "deleted", "deletedAt"})
public record TagResponse(String id, String code, String name,
                          @Nullable String description,
                          Instant createdAt, Instant updatedAt, boolean deleted,
                          @Nullable @Schema(description = "When it was deleted; `null` while it is live.")
                          Instant deletedAt) {

    public static TagResponse of(TagView tag) {
        return new TagResponse(tag.id(), tag.code(), tag.name(), tag.description(), tag.createdAt(),
                tag.updatedAt(), tag.deleted(), tag.deletedAt());
    }
}
