package io.traceloom.api.tenantuser;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CallerAdmission;
import io.traceloom.api.config.ApiProperties;
import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.tenantuser.Admission;
import io.traceloom.kernel.tenantuser.CheckAdmission;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Whether a caller's tenant is registered and enabled and the caller not deleted: the read models, two
 * lookups by id ({@link CheckAdmission}), remembered for {@code traceloom.security.oidc.admission-cache}
 * (5 s unless configured). A change made through this process is forgotten at once ({@link #forgetTenant},
 * {@link #forgetUser}), so it bites on the next request; one made through another process bites within that
 * time.
 */
@Component
public class TenantUserAdmission implements CallerAdmission {

    /** Enough for every caller of a busy instance; beyond it the memory starts over. */
    private static final int MAX_REMEMBERED = 10_000;

    private record Remembered(Admission admission, long until) {
    }

    private final Queries queries;
    private final long rememberNanos;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

    public TenantUserAdmission(Queries queries, ApiProperties properties) {
        this.queries = queries;
        Duration cache = properties.security().oidc().admissionCache();
        this.rememberNanos = cache.toNanos();
    }

    @Override
    public Optional<String> refusal(Caller caller) {
        String key = caller.tenantId() + ":" + caller.userId();
        long now = System.nanoTime();
        Remembered known = remembered.get(key);
        if (known == null || now - known.until() > 0) {
            known = new Remembered(queries.get(new CheckAdmission(caller.tenantId(), caller.userId()), Admission.class),
                    now + rememberNanos);
            if (rememberNanos > 0) {
                if (remembered.size() >= MAX_REMEMBERED) {
                    remembered.clear();
                }
                remembered.put(key, known);
            }
        }
        return Optional.ofNullable(switch (known.admission()) {
            case ADMITTED -> null;
            case TENANT_NOT_REGISTERED -> "Tenant '" + caller.externalTenantId() + "' is not registered with this "
                    + "service: an operator registers it.";
            case TENANT_DISABLED -> "Tenant '" + caller.externalTenantId() + "' is disabled.";
            case USER_DELETED -> "This user was deleted from tenant '" + caller.externalTenantId()
                    + "'; it may register again (POST /auth/tenant-users).";
        });
    }

    /** Forgets what is known of a tenant's standing: it was registered, disabled or enabled here. */
    void forgetTenant(String tenantId) {
        remembered.keySet().removeIf(key -> key.startsWith(tenantId + ":"));
    }

    /** Forgets what is known of a user's standing: it was registered or deleted here. */
    void forgetUser(String tenantId, String userId) {
        remembered.remove(tenantId + ":" + userId);
    }
}
