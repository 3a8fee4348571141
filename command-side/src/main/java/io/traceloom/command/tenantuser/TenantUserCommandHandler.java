package io.traceloom.command.tenantuser;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tenantuser.RegisterTenantUser;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Registering a user needs what the user cannot know by itself: whether its tenant is registered and enabled.
 * The tenant answers from its own event-sourced state, in the same unit of work (and locked by it, so that a
 * tenant disabled meanwhile admits no one).
 */
@Component
public class TenantUserCommandHandler {

    private final Repository<Tenant> tenants;
    private final Repository<TenantUser> users;

    public TenantUserCommandHandler(Repository<Tenant> tenants, Repository<TenantUser> users) {
        this.tenants = tenants;
        this.users = users;
    }

    @CommandHandler
    public boolean handle(RegisterTenantUser command) throws Exception {
        if (!admitsUsers(command.tenantId())) {
            throw new DomainRejectionException(Rejection.notFound("Tenant '" + command.externalTenantId()
                    + "' is not registered with this service, or is disabled: an operator registers it."));
        }
        Aggregate<TenantUser> user = users.loadOrCreate(command.userAggregateId(), TenantUser::new);
        return user.invoke(registered -> registered.register(command));
    }

    private boolean admitsUsers(String tenantId) {
        try {
            return tenants.load(TenantUserIds.tenant(tenantId)).invoke(Tenant::admitsUsers);
        } catch (AggregateNotFoundException notRegistered) {
            return false;
        }
    }
}
