package io.traceloom.kernel.message;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * The ids the service gives new resources: UUIDs of version 7 (RFC 9562), lower-case hex as every id here, which
 * sort in the order they were made. The leading 48 bits are the millisecond of the making; the next 12 count up
 * within a millisecond from a random start (the RFC's "fixed bit-length dedicated counter", so ids made in one
 * process never go backwards); the last 62 are random.
 *
 * <p>Why not random ones (version 4): every store keeps documents and index entries in B-trees ordered by id.
 * A random id lands on any leaf, so each create dirties another page, which the next commit writes whole;
 * ids made in order land on the last few leaves, written once for many creates. The embedded read models, the
 * event store's unique indexes and a production MongoDB's {@code _id} index all gain from it (BENCHMARKS.md). An
 * id so made shows when its resource was made, as its {@code createdAt} does.
 */
public final class ResourceIds {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** A millisecond's counter starts below this, so that it rarely runs out before the millisecond does. */
    private static final int COUNTER_START = 1 << 11;
    private static final int COUNTER_END = 1 << 12;

    private static long lastMillis = -1; // guarded by ResourceIds.class
    private static int counter; // guarded by ResourceIds.class

    private ResourceIds() {
    }

    /** A new resource's id, e.g. {@code 01937f5e-8c2a-7b3e-9f41-6d2c8a1b0e57}. */
    public static String next() {
        long millis;
        int count;
        synchronized (ResourceIds.class) {
            millis = Math.max(System.currentTimeMillis(), lastMillis);
            if (millis == lastMillis && counter + 1 < COUNTER_END) {
                counter++;
            } else {
                // a new millisecond, or this one's counter ran out: the next millisecond (the clock catches up)
                millis = millis == lastMillis ? millis + 1 : millis;
                counter = RANDOM.nextInt(COUNTER_START);
            }
            lastMillis = millis;
            count = counter;
        }
        long high = millis << 16 | 0x7000L | count;
        long low = RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }
}
