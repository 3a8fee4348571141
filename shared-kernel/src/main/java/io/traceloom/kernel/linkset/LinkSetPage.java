package io.traceloom.kernel.linkset;

import java.util.List;

/** One page of link sets and the number of link sets across all pages. */
public record LinkSetPage(List<LinkSetView> items, long total) {
}
