package io.traceloom.command.linkset;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.linkset.LinkRules.CheckedLink;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.linkset.DeleteLinkSet;
import io.traceloom.kernel.linkset.DigitalLink;
import io.traceloom.kernel.linkset.InvalidDigitalLinkException;
import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.kernel.linkset.LinkTypes;
import io.traceloom.kernel.linkset.PutLinkSet;
import io.traceloom.kernel.message.Rejection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tenant's link set: the links a GS1 Digital Link key resolves to. Its id is the tenant's choice and never
 * changes; it can be replaced as a whole, deleted, and created again under the same id. While it exists it
 * holds its key ({@link KeyClaims}), so no other link set of any tenant can answer for the same key.
 */
@Aggregate
public class LinkSet {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String linkSetId;
    /** Whether it exists now: false after a delete, until it is created again. */
    private boolean live;
    private String key;
    private String itemDescription;
    private List<Link> links = List.of();

    protected LinkSet() {
        // for Axon, and for the first PUT of an id
    }

    /**
     * Creates or replaces. A link that is still there (the same relation type, href and languages) keeps when
     * it appeared; its {@code updatedAt} moves when its title changes. A PUT that changes nothing records
     * nothing.
     */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(PutLinkSet command, LinkRules rules, KeyClaims claims) throws Exception {
        if (tenantId != null && !tenantId.equals(command.tenantId())) {
            throw notFound(command.linkSetId());
        }
        requireVersion(command.expectedVersion(), command.linkSetId());
        DigitalLink link;
        try {
            link = DigitalLink.of(command.identifier(), command.qualifier());
        } catch (InvalidDigitalLinkException e) {
            throw new DomainRejectionException(Rejection.invalid(e.part(), e.getMessage()));
        }
        List<LinkRecord> records = records(rules.check(command.links()));
        String newKey = link.key();
        if (live && newKey.equals(key) && Objects.equals(itemDescription, command.itemDescription())
                && records.equals(links.stream().map(Link::record).toList())) {
            return;
        }
        if (!live || !newKey.equals(key)) {
            claims.claim(command.tenantId(), newKey, command.linkSetId());
        }
        if (live && !newKey.equals(key)) {
            claims.release(tenantId, key, linkSetId);
        }
        apply(live
                ? new LinkSetReplaced(tenantId, linkSetId, link.identifier(), link.qualifier(), key,
                command.itemDescription(), records)
                : new LinkSetCreated(command.tenantId(), command.linkSetId(), link.identifier(), link.qualifier(),
                command.itemDescription(), records));
    }

    @CommandHandler
    public void handle(DeleteLinkSet command, KeyClaims claims) {
        if (!live || !tenantId.equals(command.tenantId())) {
            throw notFound(command.linkSetId());
        }
        requireVersion(command.expectedVersion(), command.linkSetId());
        claims.release(tenantId, key, linkSetId);
        apply(new LinkSetDeleted(tenantId, linkSetId, key));
    }

    /**
     * With an expected version (an {@code If-Match}), any change since is a conflict; a link set that does not
     * exist has no version to match.
     */
    private void requireVersion(Long expected, String requestedId) {
        if (expected == null) {
            return;
        }
        Long version = AggregateLifecycle.getVersion();
        if (!live) {
            throw new DomainRejectionException(Rejection.versionMismatch(
                    "Link set '" + requestedId + "' does not exist, so it is not at version " + expected + "."));
        }
        if (!expected.equals(version)) {
            throw new DomainRejectionException(Rejection.versionMismatch("Link set '" + requestedId
                    + "' has changed: it is at version " + version + ", not " + expected + "."));
        }
    }

    /** The links as the event records them: those still there keep their times (null: this event's). */
    private List<LinkRecord> records(List<CheckedLink> checked) {
        Map<LinkRules.Identity, Link> current = new HashMap<>();
        if (live) {
            links.forEach(existing -> current.put(existing.identity(), existing));
        }
        List<LinkRecord> records = new ArrayList<>();
        for (CheckedLink link : checked) {
            Link before = current.get(link.identity());
            Instant createdAt = before == null ? null : before.createdAt();
            Instant updatedAt = before == null || !before.title().equals(link.title()) ? null : before.updatedAt();
            records.add(new LinkRecord(link.relationType(), link.href(), link.title(), link.lang(), createdAt,
                    updatedAt));
        }
        return records;
    }

    private static DomainRejectionException notFound(String linkSetId) {
        return new DomainRejectionException(Rejection.notFound("Link set '" + linkSetId + "' does not exist."));
    }

    @EventSourcingHandler
    void on(LinkSetCreated event, @Timestamp Instant at) {
        id = LinkSetIds.of(event.tenantId(), event.linkSetId());
        tenantId = event.tenantId();
        linkSetId = event.linkSetId();
        live = true;
        key = event.key();
        itemDescription = event.itemDescription();
        links = event.links().stream().map(record -> Link.of(record, at)).toList();
    }

    @EventSourcingHandler
    void on(LinkSetReplaced event, @Timestamp Instant at) {
        key = event.key();
        itemDescription = event.itemDescription();
        links = event.links().stream().map(record -> Link.of(record, at)).toList();
    }

    @EventSourcingHandler
    void on(LinkSetDeleted event) {
        live = false;
        key = null;
        itemDescription = null;
        links = List.of();
    }

    /** A link with the times an event gave it, resolved. */
    private record Link(String relationType, String href, String title, List<String> lang, Instant createdAt,
                        Instant updatedAt) {

        static Link of(LinkRecord record, Instant at) {
            return new Link(record.relationType(), record.href(), record.title(), record.lang(),
                    record.createdAt() == null ? at : record.createdAt(),
                    record.updatedAt() == null ? at : record.updatedAt());
        }

        LinkRules.Identity identity() {
            return new LinkRules.Identity(LinkTypes.iri(relationType).orElse(relationType), href, Set.copyOf(lang));
        }

        /** As it would be recorded again unchanged. */
        LinkRecord record() {
            return new LinkRecord(relationType, href, title, lang, createdAt, updatedAt);
        }
    }
}
