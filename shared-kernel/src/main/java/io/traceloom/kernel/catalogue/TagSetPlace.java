package io.traceloom.kernel.catalogue;

import java.util.Map;

/**
 * Where an event stands in the set that recorded it, as its metadata says: the {@code index}-th of the
 * {@code size} events one set of a catalogue committed together. A set is one change for the catalogue's
 * readers too; its read model learns from this where the change begins and ends, however the projection's
 * batches cut it. Only the events of a set of two or more carry it (one event is one change anyway); no
 * history or feed shows it.
 */
public record TagSetPlace(int index, int size) {

    public static final String INDEX = "tagSetIndex";
    public static final String SIZE = "tagSetSize";

    public TagSetPlace {
        if (size < 2 || index < 0 || index >= size) {
            throw new IllegalArgumentException("the " + index + "th event of a set of " + size);
        }
    }

    /** The place of the event with this metadata, or {@code null} when it is no part of a set of many. */
    public static TagSetPlace of(Map<String, ?> metaData) {
        return metaData.get(INDEX) instanceof Number index && metaData.get(SIZE) instanceof Number size
                ? new TagSetPlace(index.intValue(), size.intValue()) : null;
    }

    /** The metadata that says so. */
    public Map<String, Object> metaData() {
        return Map.of(INDEX, index, SIZE, size);
    }

    public boolean first() {
        return index == 0;
    }

    public boolean last() {
        return index == size - 1;
    }

    /** The catalogue's sequence number of the set's first event, given this event's. */
    public long firstSequence(long sequence) {
        return sequence - index;
    }
}
