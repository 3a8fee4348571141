package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.kernel.credential.StatusListOpened;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/**
 * The tenants' status lists, bit by bit: each revocation sets one. Lists are public (verifiers anywhere
 * read them), so they are found by id alone. One tenant's events are folded in order (the processors'
 * tenant sequencing), so two revocations on one list never race.
 */
@Component
@ProcessingGroup(StatusListProjection.PROCESSING_GROUP)
public class StatusListProjection {

    public static final String PROCESSING_GROUP = "status-lists";

    private final ReadModelWriter writer;

    public StatusListProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<StatusListDocument> lists() {
        return writer.documents(StatusListDocument.class, StatusListDocument::id);
    }

    @EventHandler
    void on(StatusListOpened event, @Timestamp Instant at) {
        lists().save(StatusListDocument.opened(event, at));
    }

    @EventHandler
    void on(CredentialRevoked event, @Timestamp Instant at) {
        Documents<StatusListDocument> lists = lists();
        StatusListDocument list = lists.find(event.listId());
        if (list != null) {
            lists.save(list.set(event.index(), at));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(StatusListDocument.class);
    }
}
