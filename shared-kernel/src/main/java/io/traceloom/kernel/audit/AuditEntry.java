package io.traceloom.kernel.audit;

import io.traceloom.kernel.audit.canonical.InvalidJsonException;
import io.traceloom.kernel.audit.canonical.Jcs;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.history.RecordedEvent;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An entry of a tenant's audit log: an event at its {@code index}, the entry's position in the log. Its JSON is
 * the entry object in its canonical form (RFC 8785): what the feed serves, line for line, and the leaf input of
 * the log's tree, so an auditor hashes what they read. Members without a value (no user for what the service did
 * by itself) are left out.
 */
public record AuditEntry(long index, RecordedEvent event) {

    public String json() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("index", index);
        entry.put("sequence", event.sequence());
        put(entry, "type", event.type());
        put(entry, "revision", event.revision());
        put(entry, "occurredAt", event.occurredAt() == null ? null : event.occurredAt().toString());
        put(entry, "tenantId", event.tenantId());
        put(entry, "userId", event.userId());
        put(entry, "requestId", event.requestId());
        put(entry, "data", data(event.data()));
        put(entry, "aggregateType", event.aggregateType());
        put(entry, "aggregateId", event.aggregateId());
        return Jcs.write(entry);
    }

    /**
     * The leaf hash of the entry in the log's tree: {@code SHA-256(0x00 || json)}. {@link #json()} is canonical as
     * it is written, so it is hashed as it is, not parsed and written again as text from elsewhere is.
     */
    public byte[] leafHash() {
        return MerkleHashes.leaf(json().getBytes(StandardCharsets.UTF_8));
    }

    /** The leaf hash of an entry as the feed serves it: of its canonical form. */
    public static byte[] leafHash(String entryJson) {
        return MerkleHashes.leaf(Jcs.canonicalize(entryJson).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The event as the store holds it, as a JSON value; text that is no JSON (it never is, unless someone wrote it
     * behind the service's back) is shown as the text it is.
     */
    private static Object data(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Jcs.parse(text);
        } catch (InvalidJsonException e) {
            return text;
        }
    }

    private static void put(Map<String, Object> entry, String name, Object value) {
        if (value != null) {
            entry.put(name, value);
        }
    }
}
