package io.traceloom.kernel.tradeitem;

import io.traceloom.kernel.catalogue.TagView;

/**
 * @param tradeItemTag the tag as it stands now (deleted tags included, marked so), or {@code null}
 * @param version      the trade item aggregate's version
 */
public record TradeItemView(String id, String name, TagView tradeItemTag, long version) {
}
