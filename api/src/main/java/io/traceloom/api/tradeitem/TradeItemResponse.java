package io.traceloom.api.tradeitem;

import io.traceloom.api.catalogue.TagResponse;
import io.traceloom.kernel.tradeitem.TradeItemView;

/** A TradeItem as SPEC.md shows it: the tag embedded as an object (or {@code null}). */
public record TradeItemResponse(String id, String name, TagResponse tradeItemTag) {

    public static TradeItemResponse of(TradeItemView item) {
        return new TradeItemResponse(item.id(), item.name(),
                item.tradeItemTag() == null ? null : TagResponse.of(item.tradeItemTag()));
    }
}
