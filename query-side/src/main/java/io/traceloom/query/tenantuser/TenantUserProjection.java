package io.traceloom.query.tenantuser;

import io.traceloom.kernel.tenantuser.TenantUserDeleted;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserRegistered;
import io.traceloom.kernel.tenantuser.TenantUserUpdated;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

@Component
@ProcessingGroup(TenantUserProjection.PROCESSING_GROUP)
public class TenantUserProjection {

    public static final String PROCESSING_GROUP = "tenant-users";

    private final ReadModelWriter writer;

    public TenantUserProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<TenantUserDocument> users() {
        return writer.documents(TenantUserDocument.class, TenantUserDocument::id);
    }

    /** The first registration, or one after a deletion: the record starts anew. */
    @EventHandler
    void on(TenantUserRegistered event, @Timestamp Instant at, @SequenceNumber long version) {
        users().save(TenantUserDocument.registered(event, at, version));
    }

    @EventHandler
    void on(TenantUserUpdated event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<TenantUserDocument> users = users();
        TenantUserDocument user = users.find(TenantUserIds.user(event.tenantId(), event.userId()));
        if (user != null) {
            users.save(user.updated(event, at, version));
        }
    }

    @EventHandler
    void on(TenantUserDeleted event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<TenantUserDocument> users = users();
        TenantUserDocument user = users.find(TenantUserIds.user(event.tenantId(), event.userId()));
        if (user != null) {
            users.save(user.deleted(at, version));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(TenantUserDocument.class);
    }
}
