package io.traceloom.kernel.message;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;

/**
 * The ids the service gives new resources: UUIDs of version 7 (RFC 9562), whose leading 48 bits are the
 * millisecond of their making and whose other 74 bits are random, and which, written in lower-case hex as
 * every id here is, sort as they were made (within a millisecond too, in one process).
 *
 * <p>Why not random ones (version 4): every store keeps documents and index entries in B-trees ordered by id.
 * A random id lands on any leaf, so each create dirties another page, which the next commit writes whole;
 * ids made in order land on the last few leaves, written once for many creates. The embedded read models' commit
 * thread, the event store's index of aggregates and a production MongoDB's {@code _id} index all gain from it
 * (BENCHMARKS.md). An id so made shows when its resource was made, as its {@code createdAt} does.
 */
public final class ResourceIds {

    /** Monotonic in one process: within a millisecond it counts up from a random start. Thread-safe. */
    private static final TimeBasedEpochGenerator GENERATOR = Generators.timeBasedEpochGenerator();

    private ResourceIds() {
    }

    /** A new resource's id, e.g. {@code 01937f5e-8c2a-7b3e-9f41-6d2c8a1b0e57}. */
    public static String next() {
        return GENERATOR.generate().toString();
    }
}
