package io.traceloom.kernel.linkset;

import java.time.Instant;
import java.util.List;

/**
 * @param itemDescription as given, else the default (first) link's title: what the linkset says the item is
 * @param version         the link set aggregate's version
 */
public record LinkSetView(String id, String identifier, String qualifier, String itemDescription,
                          List<LinkView> links, Instant createdAt, Instant updatedAt, long version) {
}
