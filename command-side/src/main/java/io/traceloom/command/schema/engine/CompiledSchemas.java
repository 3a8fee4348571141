package io.traceloom.command.schema.engine;

import com.networknt.schema.Schema;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Compiled schemas, so that validating never parses or compiles a schema again: by tenant, schema (a stored
 * one's id, or an inline one's digest) and version, each with the versions of the stored schemas it was
 * compiled with (those its {@code $ref}s reached). Least recently used entries leave first, once what is kept
 * would weigh more than the capacity.
 *
 * <p>A compiled schema is far larger than its text: networknt's compiled form measured up to 89 bytes a character
 * (22 MB for a 256 KB schema of empty subschemas, {@code anyOf: [{}, {}, ...]}), so a count of entries bounds
 * nothing (1,000 of those were 22 GB, and a client could make them, one inline schema per canvas template). Each
 * is counted as {@link #BYTES_PER_CHARACTER} for every character it was compiled from, its own and those of the
 * stored schemas it includes; one heavier than the whole capacity is used once and not kept.
 */
public final class CompiledSchemas {

    public static final long BYTES_PER_CHARACTER = 100;

    public record Key(String tenantId, String schema, long version) {
    }

    /**
     * @param dependencies the version of each stored schema (by id) the compiled form includes
     * @param characters   the characters it was compiled from, its own and those of its dependencies
     */
    public record Entry(Schema compiled, Map<String, Long> dependencies, long characters) {

        long weight() {
            return characters * BYTES_PER_CHARACTER;
        }
    }

    private final long capacity;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long weight;

    /** @param capacity the most bytes, as estimated, the entries may weigh together */
    public CompiledSchemas(long capacity) {
        this.capacity = capacity;
    }

    public synchronized Entry get(Key key) {
        return entries.get(key);
    }

    public synchronized void put(Key key, Entry entry) {
        Entry replaced = entries.remove(key);
        if (replaced != null) {
            weight -= replaced.weight();
        }
        if (entry.weight() > capacity) {
            return;
        }
        entries.put(key, entry);
        weight += entry.weight();
        for (Iterator<Entry> eldest = entries.values().iterator(); weight > capacity && eldest.hasNext(); ) {
            weight -= eldest.next().weight();
            eldest.remove();
        }
    }

    /** What the entries kept weigh together, as estimated. */
    public synchronized long weight() {
        return weight;
    }
}
