package io.traceloom.kernel.tradeitem;

import java.util.List;

/** One page of trade items and the number of items across all pages. */
public record TradeItemPage(List<TradeItemView> items, long total) {
}
