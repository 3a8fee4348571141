package io.traceloom.api.tenantuser;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CallerAdmission;
import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.tenantuser.Admission;
import io.traceloom.kernel.tenantuser.CheckAdmission;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Whether a caller's tenant is registered and enabled and the caller a registered user of it, not deleted: the
 * read models, two lookups by id ({@link CheckAdmission}), on every request. Nothing is remembered between
 * requests, so every process of a deployment answers alike: a change bites everywhere once the read models
 * show it, which is when the write that made it answered.
 */
@Component
public class TenantUserAdmission implements CallerAdmission {

    /** The problem type of a caller that is no (longer a) registered user of its tenant. */
    static final String NOT_REGISTERED = "user-not-registered";

    private final Queries queries;

    public TenantUserAdmission(Queries queries) {
        this.queries = queries;
    }

    @Override
    public Optional<Refusal> refusal(Caller caller) {
        Admission admission = queries.get(new CheckAdmission(caller.tenantId(), caller.userId()), Admission.class);
        String tenant = caller.externalTenantId();
        return Optional.ofNullable(switch (admission) {
            case ADMITTED -> null;
            case TENANT_NOT_REGISTERED -> forbidden("Tenant '" + tenant + "' is not registered with this service: "
                    + "an operator registers it.");
            case TENANT_DISABLED -> forbidden("Tenant '" + tenant + "' is disabled.");
            case USER_NOT_REGISTERED -> new Refusal(NOT_REGISTERED, "Not a registered user of the tenant",
                    "This user ('" + caller.subject() + "') is not a registered user of tenant '" + tenant
                            + "': it registers itself first (POST /auth/tenant-users with the body {}), then may act.");
            case USER_DELETED -> new Refusal(NOT_REGISTERED, "Not a registered user of the tenant",
                    "This user was deleted from tenant '" + tenant + "'; it may register again (POST "
                            + "/auth/tenant-users with the body {}).");
        });
    }

    private static Refusal forbidden(String detail) {
        return new Refusal("forbidden", "Forbidden", detail);
    }
}
