package io.traceloom.kernel.catalogue;

import java.time.Instant;

/**
 * A tag of a catalogue (trade item tags, partner tags) as the read side knows it.
 *
 * @param version the catalogue's event sequence number at the tag's last change; it changes exactly when
 *                the tag does, so it serves as the tag's entity tag
 */
public record TagView(String id, String code, String name, String description, Instant createdAt,
                      Instant updatedAt, boolean deleted, Instant deletedAt, long version) {
}
