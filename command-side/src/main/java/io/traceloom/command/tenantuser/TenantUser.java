package io.traceloom.command.tenantuser;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tenantuser.DeleteTenantUser;
import io.traceloom.kernel.tenantuser.RegisterTenantUser;
import io.traceloom.kernel.tenantuser.TenantUserDeleted;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserRegistered;
import io.traceloom.kernel.tenantuser.TenantUserUpdated;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateLifecycle;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A user of a tenant, as its identity provider names it. Registering again refreshes its name and e-mail
 * address; a deleted user is not gone for good (its id is named after its identity): it registers again.
 */
@Aggregate
public class TenantUser {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String userId;
    private String name;
    private String email;
    private boolean deleted;

    public TenantUser() {
        // for Axon, and for the first registration (TenantUserCommandHandler)
    }

    /**
     * Registered by {@link TenantUserCommandHandler}, once the tenant admits users: {@code true} when this
     * registers the user (the first time, or after a deletion), {@code false} when it was registered.
     */
    boolean register(RegisterTenantUser command) {
        if (id == null || deleted) {
            apply(new TenantUserRegistered(command.tenantId(), command.userId(), command.externalTenantId(),
                    command.subject(), command.name(), command.email()));
            return true;
        }
        if (!name.equals(command.name()) || !email.equals(command.email())) {
            apply(new TenantUserUpdated(tenantId, userId, command.name(), command.email()));
        }
        return false;
    }

    /**
     * Another tenant's user, or a deleted one, does not exist: 404 before any other check. Then the version an
     * {@code If-Match} names, if any, must be the current one.
     */
    @CommandHandler
    public void handle(DeleteTenantUser command) {
        if (!tenantId.equals(command.tenantId()) || deleted) {
            throw new DomainRejectionException(Rejection.notFound(
                    "Tenant user '" + command.userId() + "' does not exist."));
        }
        Long version = AggregateLifecycle.getVersion();
        if (command.expectedVersion() != null && !command.expectedVersion().equals(version)) {
            throw new DomainRejectionException(Rejection.versionMismatch("Tenant user '" + userId
                    + "' has changed: it is at version " + version + ", not " + command.expectedVersion() + "."));
        }
        apply(new TenantUserDeleted(tenantId, userId));
    }

    @EventSourcingHandler
    void on(TenantUserRegistered event) {
        id = TenantUserIds.user(event.tenantId(), event.userId());
        tenantId = event.tenantId();
        userId = event.userId();
        name = event.name();
        email = event.email();
        deleted = false;
    }

    @EventSourcingHandler
    void on(TenantUserUpdated event) {
        name = event.name();
        email = event.email();
    }

    @EventSourcingHandler
    void on(TenantUserDeleted event) {
        deleted = true;
    }
}
