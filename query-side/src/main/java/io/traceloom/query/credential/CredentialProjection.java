package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.query.readmodel.Documents;
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

    private Documents<CredentialDocument> credentials() {
        return writer.documents(CredentialDocument.class, CredentialDocument::id);
    }

    @EventHandler
    void on(CredentialIssued event, @Timestamp Instant at) {
        credentials().save(CredentialDocument.issued(event, at));
    }

    @EventHandler
    void on(CredentialRevoked event, @Timestamp Instant at) {
        Documents<CredentialDocument> credentials = credentials();
        CredentialDocument credential = credentials.find(event.credentialId());
        if (credential != null) {
            credentials.save(credential.revoked(at));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(CredentialDocument.class);
    }
}
