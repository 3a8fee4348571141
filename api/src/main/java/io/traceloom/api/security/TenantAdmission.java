package io.traceloom.api.security;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CallerAdmission;
import io.traceloom.api.caller.CurrentCaller;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

/**
 * Who may reach a tenant's endpoint in the {@code oidc} mode: a valid token (else 401), naming a tenant (else
 * 403), whose tenant is registered and enabled and whose user is registered and not deleted (else 403; the
 * registration of a user is the one endpoint it reaches before, and decides about the tenant itself). Asked on
 * every request, of the read models as they are: nothing is remembered, so a change bites on every process
 * alike. The admin scope is no way across tenants: the tenant is always the token's own.
 */
class TenantAdmission implements AuthorizationManager<RequestAuthorizationContext> {

    private static final AuthorizationDecision GRANTED = new AuthorizationDecision(true);

    private final CurrentCaller callers;
    private final CallerAdmission admission;
    private final EndpointAccess access;

    TenantAdmission(CurrentCaller callers, CallerAdmission admission, EndpointAccess access) {
        this.callers = callers;
        this.admission = admission;
        this.access = access;
    }

    @Override
    public AuthorizationDecision check(Supplier<Authentication> authentication, RequestAuthorizationContext context) {
        if (!(authentication.get() instanceof JwtAuthenticationToken token)) {
            // anonymous: Spring Security answers it as unauthenticated (401)
            return new AuthorizationDecision(false);
        }
        Caller caller = callers.fromToken(token.getToken()).orElseThrow(() -> new CallerRefusedException(
                "The token names no tenant: it has no claim '" + callers.tenantClaim() + "' (or no sub)."));
        if (access.of(context.getRequest()) == EndpointAccess.Kind.REGISTRATION) {
            return GRANTED;
        }
        Optional<CallerAdmission.Refusal> refusal = admission.refusal(caller);
        if (refusal.isPresent()) {
            throw new CallerRefusedException(refusal.get().type(), refusal.get().title(), refusal.get().detail());
        }
        return GRANTED;
    }
}
