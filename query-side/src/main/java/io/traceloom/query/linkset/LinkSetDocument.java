package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.kernel.linkset.LinkSetView;
import io.traceloom.kernel.linkset.LinkView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.index.CompoundIndex;
import org.springframework.data.mongodb.core.index.CompoundIndexes;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A link set in the read model, under its tenant-scoped id ({@link LinkSetIds}). Pure folds, no I/O.
 *
 * @param linkSetId       the id its tenant gave it
 * @param itemDescription as given, or {@code null}
 */
@Document(LinkSetDocument.COLLECTION)
@CompoundIndexes({
        @CompoundIndex(name = "tenant_oldest_first", def = "{'tenantId': 1, 'createdAt': 1, '_id': 1}"),
        @CompoundIndex(name = "tenant_identifier_oldest_first",
                def = "{'tenantId': 1, 'identifier': 1, 'createdAt': 1, '_id': 1}")})
public record LinkSetDocument(@Id String id, String tenantId, String linkSetId, String identifier, String qualifier,
                              String itemDescription, List<LinkState> links, Instant createdAt, Instant updatedAt,
                              long version) implements TenantDocument {

    public static final String COLLECTION = "link_sets";

    /** A link with its times resolved ({@link LinkRecord}: none given is the event's). */
    public record LinkState(String relationType, String href, String title, List<String> lang, Instant createdAt,
                            Instant updatedAt) {

        static List<LinkState> of(List<LinkRecord> records, Instant at) {
            return records.stream().map(record -> new LinkState(record.relationType(), record.href(), record.title(),
                    record.lang(), record.createdAt() == null ? at : record.createdAt(),
                    record.updatedAt() == null ? at : record.updatedAt())).toList();
        }

        LinkView toView() {
            return new LinkView(relationType, title, href, null, lang, createdAt, updatedAt);
        }
    }

    public static LinkSetDocument created(LinkSetCreated event, Instant at, long version) {
        return new LinkSetDocument(LinkSetIds.of(event.tenantId(), event.linkSetId()), event.tenantId(),
                event.linkSetId(), event.identifier(), event.qualifier(), event.itemDescription(),
                LinkState.of(event.links(), at), at, at, version);
    }

    public LinkSetDocument replaced(LinkSetReplaced event, Instant at, long version) {
        return new LinkSetDocument(id, tenantId, linkSetId, event.identifier(), event.qualifier(),
                event.itemDescription(), LinkState.of(event.links(), at), createdAt, at, version);
    }

    /** The item description a linkset publishes: as given, else the default (first) link's title. */
    static String published(String itemDescription, String defaultLinkTitle) {
        return itemDescription != null ? itemDescription : defaultLinkTitle;
    }

    public LinkSetView toView() {
        return new LinkSetView(linkSetId, identifier, qualifier,
                published(itemDescription, links.isEmpty() ? "" : links.get(0).title()),
                links.stream().map(LinkState::toView).toList(), createdAt, updatedAt, version);
    }
}
