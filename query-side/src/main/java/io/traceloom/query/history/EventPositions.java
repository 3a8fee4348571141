package io.traceloom.query.history;

import java.util.Collection;
import java.util.Map;

/**
 * Where the store holds events, looked up by their identifiers: for a store whose positions have gaps, the JDBC
 * store, whose database hands a position out as it inserts, so that a transaction may commit after a later one. A
 * reader of such a store passes the position of a transaction not committed yet as a gap; when the event there
 * comes, late, its tracking token says how far the reader has read (the highest position it has seen, the
 * position of another event), not where the event is. Axon Server's positions have no gaps: each event's token
 * gives its own position there, and nothing needs looking up.
 */
public interface EventPositions {

    /** The positions of the committed events with these identifiers; those not in the store are left out. */
    Map<String, Long> positionsOf(Collection<String> eventIdentifiers);
}
