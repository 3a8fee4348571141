package io.traceloom.command.schema;

import com.networknt.schema.Schema;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Compiled schemas, so that validating never parses or compiles a schema again: by tenant, schema (a stored
 * one's id, or an inline one's digest) and version, each with the versions of the stored schemas it was
 * compiled with (those its {@code $ref}s reached). Least recently used entries leave first.
 */
final class CompiledSchemas {

    record Key(String tenantId, String schema, long version) {
    }

    /** @param dependencies the version of each stored schema (by id) the compiled form includes */
    record Entry(Schema compiled, Map<String, Long> dependencies) {
    }

    private final Map<Key, Entry> entries;

    CompiledSchemas(int capacity) {
        this.entries = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized Entry get(Key key) {
        return entries.get(key);
    }

    synchronized void put(Key key, Entry entry) {
        entries.put(key, entry);
    }
}
