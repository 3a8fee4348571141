package io.traceloom.kernel.tradeitem;

import java.time.Instant;

/**
 * The tag as it stood when it was put on a trade item. Carrying it in the event keeps the trade item
 * projection a pure fold of events, and tells auditors exactly what the item was tagged with.
 *
 * @param version the tag's version at that moment (see {@code TradeItemTagView#version})
 */
public record TradeItemTagSnapshot(String id, String code, String name, String description, Instant createdAt,
                                   Instant updatedAt, long version) {
}
