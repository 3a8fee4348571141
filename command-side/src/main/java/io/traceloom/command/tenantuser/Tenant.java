package io.traceloom.command.tenantuser;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.kernel.tenantuser.DisableTenant;
import io.traceloom.kernel.tenantuser.EnableTenant;
import io.traceloom.kernel.tenantuser.RegisterTenant;
import io.traceloom.kernel.tenantuser.TenantDisabled;
import io.traceloom.kernel.tenantuser.TenantEnabled;
import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantRenamed;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tenant as operators register it. Its users may register and act while it is registered and enabled; the
 * registration of a user asks it ({@link #admitsUsers()}) in the same unit of work. Disabling or enabling a
 * tenant that is so already changes nothing; one that was never registered does not exist.
 */
@Aggregate
public class Tenant {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String name;
    private boolean disabled;

    protected Tenant() {
        // for Axon, and for the first registration
    }

    /** Registers the tenant ({@code true}), or renames it when the name changed ({@code false} either way). */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public boolean handle(RegisterTenant command) {
        if (id == null) {
            apply(new TenantRegistered(command.tenantId(), command.externalId(), command.name()));
            return true;
        }
        if (!name.equals(command.name())) {
            apply(new TenantRenamed(tenantId, command.name()));
        }
        return false;
    }

    @CommandHandler
    public void handle(DisableTenant command) {
        if (!disabled) {
            apply(new TenantDisabled(tenantId));
        }
    }

    @CommandHandler
    public void handle(EnableTenant command) {
        if (disabled) {
            apply(new TenantEnabled(tenantId));
        }
    }

    /** Whether users of this tenant may register. */
    boolean admitsUsers() {
        return !disabled;
    }

    @EventSourcingHandler
    void on(TenantRegistered event) {
        id = TenantUserIds.tenant(event.tenantId());
        tenantId = event.tenantId();
        name = event.name();
    }

    @EventSourcingHandler
    void on(TenantRenamed event) {
        name = event.name();
    }

    @EventSourcingHandler
    void on(TenantDisabled event) {
        disabled = true;
    }

    @EventSourcingHandler
    void on(TenantEnabled event) {
        disabled = false;
    }
}
