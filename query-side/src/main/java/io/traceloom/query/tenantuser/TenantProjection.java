package io.traceloom.query.tenantuser;

import io.traceloom.kernel.tenantuser.TenantDisabled;
import io.traceloom.kernel.tenantuser.TenantEnabled;
import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantRenamed;
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
@ProcessingGroup(TenantProjection.PROCESSING_GROUP)
public class TenantProjection {

    public static final String PROCESSING_GROUP = "tenants";

    private final ReadModelWriter writer;

    public TenantProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<RegisteredTenantDocument> tenants() {
        return writer.documents(RegisteredTenantDocument.class, RegisteredTenantDocument::tenantId);
    }

    @EventHandler
    void on(TenantRegistered event, @Timestamp Instant at, @SequenceNumber long version) {
        tenants().save(RegisteredTenantDocument.registered(event, at, version));
    }

    @EventHandler
    void on(TenantRenamed event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<RegisteredTenantDocument> tenants = tenants();
        RegisteredTenantDocument tenant = tenants.find(event.tenantId());
        if (tenant != null) {
            tenants.save(tenant.renamed(event.name(), at, version));
        }
    }

    @EventHandler
    void on(TenantDisabled event, @Timestamp Instant at, @SequenceNumber long version) {
        disabled(event.tenantId(), true, at, version);
    }

    @EventHandler
    void on(TenantEnabled event, @Timestamp Instant at, @SequenceNumber long version) {
        disabled(event.tenantId(), false, at, version);
    }

    private void disabled(String tenantId, boolean disabled, Instant at, long version) {
        Documents<RegisteredTenantDocument> tenants = tenants();
        RegisteredTenantDocument tenant = tenants.find(tenantId);
        if (tenant != null) {
            tenants.save(tenant.disabled(disabled, at, version));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(RegisteredTenantDocument.class);
    }
}
