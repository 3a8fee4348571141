package io.traceloom.command.credential;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.kernel.credential.StatusIndexesReserved;
import io.traceloom.kernel.credential.StatusListOpened;
import io.traceloom.kernel.message.AggregateIds;
import io.traceloom.kernel.message.ResourceIds;
import java.security.SecureRandom;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tenant's revocation status lists: which list is in use and how far its positions have been handed out.
 * The one place that decides which status list index a credential gets, so that no index is ever given
 * twice: every process reserves positions here (the event store refuses a second event at the same
 * sequence, so two processes cannot reserve the same ones), in blocks, and hands them out itself.
 */
@Aggregate(cache = "statusListCache")
public class StatusLists {

    /** 2^17, the specification's minimum length; a power of two, so that any odd stride permutes it. */
    public static final int LENGTH = 131_072;
    private static final SecureRandom RANDOM = new SecureRandom();

    @AggregateIdentifier
    private String id;
    private StatusListOpened current;
    private long next;

    public StatusLists() {
        // for Axon, and for the first credential of a tenant
    }

    public static String idFor(String tenantId) {
        return AggregateIds.tenantScoped("status-lists", tenantId);
    }

    /** The positions reserved, on the list in use. */
    public record Block(StatusListOpened list, long first, int count) {
    }

    /**
     * Reserves up to {@code wanted} positions of the list in use, opening a new list when it is full (or
     * there is none yet).
     */
    public Block reserve(String tenantId, String issuer, int wanted) {
        if (current == null || next >= current.length()) {
            apply(new StatusListOpened(tenantId, ResourceIds.next(), issuer, Issuance.REVOCATION, LENGTH,
                    1 + 2 * RANDOM.nextInt(LENGTH / 2), RANDOM.nextInt(LENGTH)));
        }
        int count = (int) Math.min(wanted, current.length() - next);
        long first = next;
        apply(new StatusIndexesReserved(tenantId, current.listId(), first, count));
        return new Block(current, first, count);
    }

    @EventSourcingHandler
    void on(StatusListOpened event) {
        id = idFor(event.tenantId());
        current = event;
        next = 0;
    }

    @EventSourcingHandler
    void on(StatusIndexesReserved event) {
        next = event.first() + event.count();
    }
}
