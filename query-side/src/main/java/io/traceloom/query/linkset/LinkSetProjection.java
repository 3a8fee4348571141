package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/** The tenants' link sets, as {@code /link-sets} shows them. */
@Component
@ProcessingGroup(LinkSetProjection.PROCESSING_GROUP)
public class LinkSetProjection {

    public static final String PROCESSING_GROUP = "link-sets";

    private final ReadModelWriter writer;

    public LinkSetProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<LinkSetDocument> linkSets() {
        return writer.documents(LinkSetDocument.class, LinkSetDocument::id);
    }

    @EventHandler
    void on(LinkSetCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        linkSets().save(LinkSetDocument.created(event, at, version));
    }

    @EventHandler
    void on(LinkSetReplaced event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<LinkSetDocument> linkSets = linkSets();
        LinkSetDocument current = linkSets.find(LinkSetIds.of(event.tenantId(), event.linkSetId()));
        if (current != null) {
            linkSets.save(current.replaced(event, at, version));
        }
    }

    @EventHandler
    void on(LinkSetDeleted event) {
        linkSets().remove(LinkSetIds.of(event.tenantId(), event.linkSetId()));
    }

    @ResetHandler
    void reset() {
        writer.clear(LinkSetDocument.class);
    }
}
