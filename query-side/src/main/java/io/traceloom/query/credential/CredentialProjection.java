package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(CredentialProjection.PROCESSING_GROUP)
public class CredentialProjection {

    public static final String PROCESSING_GROUP = "credentials";

    private final ReadModelWriter writer;

    public CredentialProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    @EventHandler
    void on(CredentialIssued event, @Timestamp Instant at) {
        writer.documents(CredentialDocument.class, CredentialDocument::id).save(CredentialDocument.issued(event, at));
    }

    @ResetHandler
    void reset() {
        writer.clear(CredentialDocument.class);
    }
}
