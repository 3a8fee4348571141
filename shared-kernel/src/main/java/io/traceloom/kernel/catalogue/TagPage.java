package io.traceloom.kernel.catalogue;

import java.util.List;

/** Tags of one catalogue, and how many there are across all pages. */
public record TagPage(List<TagView> items, long total) {
}
