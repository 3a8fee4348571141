package io.traceloom.kernel.tradeitemtag;

import java.util.List;

/** One page of trade item tags and the number of tags across all pages. */
public record TradeItemTagPage(List<TradeItemTagView> items, long total) {
}
