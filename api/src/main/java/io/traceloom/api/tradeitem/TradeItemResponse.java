package io.traceloom.api.tradeitem;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.catalogue.TagResponse;
import io.traceloom.kernel.tradeitem.TradeItemView;
import org.springframework.lang.Nullable;

/** A TradeItem as SPEC.md shows it: the tag embedded as an object (or {@code null}). */
@Schema(name = "TradeItem", requiredProperties = {"id", "name", "tradeItemTag"})
public record TradeItemResponse(String id, String name,
                                @Nullable @Schema(description = "The item's tag, embedded; `null` for an untagged item.")
                                TagResponse tradeItemTag) {

    public static TradeItemResponse of(TradeItemView item) {
        return new TradeItemResponse(item.id(), item.name(),
                item.tradeItemTag() == null ? null : TagResponse.of(item.tradeItemTag()));
    }
}
