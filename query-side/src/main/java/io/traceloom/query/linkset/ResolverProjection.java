package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.stereotype.Component;

/**
 * The public resolver's read model: one document per GS1 Digital Link key. A key moves between link sets of
 * different tenants (one deletes it, another takes it), so this projection sees every event in the order of
 * the store, not per tenant ({@link LinkSetProcessingConfiguration}); and a link set removes only the entry
 * it holds.
 */
@Component
@ProcessingGroup(ResolverProjection.PROCESSING_GROUP)
public class ResolverProjection {

    public static final String PROCESSING_GROUP = "digital-link-resolver";

    private final ReadModelWriter writer;

    public ResolverProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<ResolverDocument> entries() {
        return writer.documents(ResolverDocument.class, ResolverDocument::key);
    }

    @EventHandler
    void on(LinkSetCreated event) {
        entries().save(ResolverDocument.of(event.tenantId(), event.linkSetId(), event.key(), event.itemDescription(),
                event.links()));
    }

    @EventHandler
    void on(LinkSetReplaced event) {
        Documents<ResolverDocument> entries = entries();
        if (!event.previousKey().equals(event.key())) {
            removeIfHeld(entries, event.previousKey(), LinkSetIds.of(event.tenantId(), event.linkSetId()));
        }
        entries.save(ResolverDocument.of(event.tenantId(), event.linkSetId(), event.key(), event.itemDescription(),
                event.links()));
    }

    @EventHandler
    void on(LinkSetDeleted event) {
        removeIfHeld(entries(), event.key(), LinkSetIds.of(event.tenantId(), event.linkSetId()));
    }

    private static void removeIfHeld(Documents<ResolverDocument> entries, String key, String linkSet) {
        ResolverDocument entry = entries.find(key);
        if (entry != null && entry.linkSet().equals(linkSet)) {
            entries.remove(key);
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(ResolverDocument.class);
    }
}
