package io.traceloom.kernel.catalogue;

import java.time.Instant;

/**
 * A tag of a catalogue (trade item tags, partner tags) as it stood at one moment, e.g. when it was put
 * on a trade item. Carrying it in that event keeps the trade item projection a pure fold of events, and
 * tells auditors exactly what the item was tagged with.
 *
 * @param version the tag's version at that moment (see {@link TagView#version()})
 */
public record TagSnapshot(String id, String code, String name, String description, Instant createdAt,
                          Instant updatedAt, long version) {
}
