package io.traceloom.command.audit;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import io.traceloom.kernel.audit.AuditCandidate;
import io.traceloom.kernel.audit.AuditEntry;
import io.traceloom.kernel.audit.AuditLogExtended;
import io.traceloom.kernel.audit.AuditLogState;
import io.traceloom.kernel.audit.AuditLogs;
import io.traceloom.kernel.audit.ExtendAuditLog;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tenant's audit log: the order in which its events became part of the record, each with the hash of its entry
 * taken then. It lives in the event store, beside the events it lists, so it survives whatever happens to the
 * read models, and is the same on every event store the service runs on.
 *
 * <p>What it holds is said by how far the store has been read for it ({@link AuditLogState}): an event at a
 * position it covers is in the log already, and is never appended twice, however often the store is read again
 * (a replay from the start, a lost token, two processes reading at once: the store's sequence check lets one of two
 * concurrent appends through, and the other finds the events covered when it tries again). An event committed late,
 * into a position the log had as a gap, is appended at the end, where the log first shows it.
 *
 * <p>Its fields are its snapshot (serialized by Jackson): change them, change the revision.
 */
@Aggregate(cache = "auditLogCache", snapshotTriggerDefinition = "auditLogSnapshots")
@Revision("1")
@JsonAutoDetect(fieldVisibility = Visibility.ANY, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public class AuditLog {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private long size;
    private long coveredTo = -1;
    private TreeSet<Long> gaps = new TreeSet<>();

    protected AuditLog() {
        // for Axon, and for a tenant's first entries
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public AuditLogState handle(ExtendAuditLog command) {
        if (!command.logId().equals(AuditLogs.idFor(command.tenantId()))) {
            throw new IllegalArgumentException("the audit log of tenant " + command.tenantId() + " is "
                    + AuditLogs.idFor(command.tenantId()));
        }
        List<AuditLogExtended.Entry> entries = new ArrayList<>();
        Set<Long> appended = new HashSet<>();
        for (AuditCandidate candidate : command.candidates()) {
            if (candidate.position() > command.readTo()) {
                throw new IllegalArgumentException("event " + candidate.eventIdentifier() + " at " + candidate.position()
                        + " is beyond where its reader says it is, " + command.readTo());
            }
            if (!command.tenantId().equals(candidate.event().tenantId())) {
                throw new IllegalArgumentException("event " + candidate.eventIdentifier() + " is not of tenant "
                        + command.tenantId());
            }
            if (covers(candidate.position()) || !appended.add(candidate.position())) {
                continue;
            }
            AuditEntry entry = new AuditEntry(size + entries.size(), candidate.event());
            entries.add(new AuditLogExtended.Entry(candidate.eventIdentifier(), candidate.position(),
                    MerkleHashes.hex(entry.leafHash())));
        }
        if (!entries.isEmpty()) {
            TreeSet<Long> stillGaps = new TreeSet<>();
            // a gap stays one while the reader has not read it either, or has not come that far
            for (long gap : gaps) {
                if (gap > command.readTo() || command.gaps().contains(gap)) {
                    stillGaps.add(gap);
                }
            }
            // the reader's gaps beyond what was covered become the log's
            for (long gap : command.gaps()) {
                if (gap > coveredTo) {
                    stillGaps.add(gap);
                }
            }
            stillGaps.removeAll(appended);
            apply(new AuditLogExtended(command.tenantId(), size, entries, Math.max(coveredTo, command.readTo()),
                    List.copyOf(stillGaps)));
        }
        return new AuditLogState(size, coveredTo, List.copyOf(gaps));
    }

    private boolean covers(long position) {
        return position <= coveredTo && !gaps.contains(position);
    }

    @EventSourcingHandler
    void on(AuditLogExtended event) {
        id = AuditLogs.idFor(event.tenantId());
        tenantId = event.tenantId();
        size = event.firstIndex() + event.entries().size();
        coveredTo = event.coveredTo();
        gaps = new TreeSet<>(event.gaps());
    }
}
