package io.traceloom.api.embedded;

import io.traceloom.api.embedded.store.Stamp;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * When the embedded default's read models on disk can be used at a start, and what each commit of them records
 * to tell. They are used only when
 * <ul>
 *   <li>the same code wrote them (a digest of every Traceloom class): another build may fold events
 *       differently, so its read models are rebuilt;</li>
 *   <li>the event store still holds, at the position that was its head when they were last committed, the very
 *       event that was there: it is the same store, grown or not. Read models are consistent with their tokens,
 *       and the store only ever grows, so the projections catch up from those tokens with whatever came since; a
 *       store restored from an older backup, or another one, gets its read models rebuilt.</li>
 * </ul>
 * The head is read while no command of the read models runs (the store's commit), so no projection has seen an
 * event past it; the connection it is read with is taken before (see {@link Stamp}).
 */
final class ReadModelTrust implements Stamp {

    private static final Logger log = LoggerFactory.getLogger(ReadModelTrust.class);
    static final String FORMAT = "1";

    private final EventStoreLineage lineage;
    private final Supplier<String> code;

    /**
     * @param lineage the event store's, or {@code null} when the events are not in a JDBC store
     * @param code    the digest of the code, asked at each commit and start ({@link CodeDigest} works it out once)
     */
    ReadModelTrust(EventStoreLineage lineage, Supplier<String> code) {
        this.lineage = lineage;
        this.code = code;
    }

    /**
     * Readies what a commit records: takes a connection to the event store.
     *
     * @throws DataAccessException when none can be had now
     */
    @Override
    public Reading ready() {
        String code = this.code.get();
        EventStoreLineage.Heads heads = lineage == null ? null : lineage.heads();
        return new Reading() {
            @Override
            public Optional<Map<String, String>> read() {
                Map<String, String> stamp = new HashMap<>(Map.of("format", FORMAT, "code", code));
                if (heads != null) {
                    try {
                        heads.now().ifPresent(head -> {
                            stamp.put("headPosition", Long.toString(head.position()));
                            stamp.put("headEvent", head.eventIdentifier());
                        });
                    } catch (DataAccessException e) {
                        log.debug("The event store cannot be asked where it stands", e);
                        return Optional.empty();
                    }
                }
                return Optional.of(stamp);
            }

            @Override
            public void close() {
                if (heads != null) {
                    heads.close();
                }
            }
        };
    }

    /** Why read models with this stamp cannot be used, or empty when they can. */
    Optional<String> untrusted(Map<String, String> stamp) {
        if (!FORMAT.equals(stamp.get("format"))) {
            return Optional.of(stamp.isEmpty() ? "they were never committed whole" : "another file format");
        }
        if (!code.get().equals(stamp.get("code"))) {
            return Optional.of("another build of the service wrote them");
        }
        if (lineage == null) {
            return Optional.of("the event store is not one whose events can be checked against them");
        }
        String position = stamp.get("headPosition");
        if (position == null) {
            return Optional.empty();
        }
        Optional<String> there = lineage.identifierAt(Long.parseLong(position));
        if (!there.map(stamp.get("headEvent")::equals).orElse(false)) {
            return Optional.of("the event store does not hold, at position " + position + ", the event that was its "
                    + "head when they were committed: it is another store, or an older copy");
        }
        return Optional.empty();
    }
}
