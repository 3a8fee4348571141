package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagView;
import java.util.List;

/** One page of trade item tags and the number of tags across all pages. */
public record TradeItemTagPage(List<TagView> items, long total) {
}
