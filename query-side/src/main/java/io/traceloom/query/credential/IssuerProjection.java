package io.traceloom.query.credential;

import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.query.readmodel.ReadModelWriter;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.springframework.stereotype.Component;

/** The tenants' issuers, for {@code GET /credentials/issuer}. */
@Component
@ProcessingGroup(IssuerProjection.PROCESSING_GROUP)
public class IssuerProjection {

    public static final String PROCESSING_GROUP = "issuers";

    private final ReadModelWriter writer;

    public IssuerProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(IssuerKeyCreated event) {
        writer.documents(IssuerDocument.class, IssuerDocument::tenantId).save(IssuerDocument.created(event));
    }

    @ResetHandler
    void reset() {
        writer.clear(IssuerDocument.class);
    }
}
