package io.traceloom.api.tradeitemtag;

import io.traceloom.kernel.tradeitemtag.TradeItemTagView;
import java.time.Instant;

/** A TradeItemTag as SPEC.md shows it. */
public record TradeItemTagResponse(String id, String code, String name, String description, Instant createdAt,
                                   Instant updatedAt, boolean deleted, Instant deletedAt) {

    public static TradeItemTagResponse of(TradeItemTagView tag) {
        return new TradeItemTagResponse(tag.id(), tag.code(), tag.name(), tag.description(), tag.createdAt(),
                tag.updatedAt(), tag.deleted(), tag.deletedAt());
    }
}
