package io.traceloom.api.caller;

import io.traceloom.api.settings.ApiProperties;
import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtGrantedAuthoritiesConverter;
import org.springframework.stereotype.Component;

/**
 * Resolves the caller of the current request. In the {@code local} mode (the embedded default) every request
 * acts as the one configured local tenant and user. In the {@code oidc} mode the caller is the bearer token's:
 * the tenant from the configured claim ({@code tenant_id} unless configured), the user from {@code sub}, its
 * name and e-mail address from {@code name} and {@code email}, the ids mapped to this service's
 * ({@link Identities}), its tenant admin when the token has the tenant-admin scope ({@code scope} or
 * {@code scp}, read as Spring Security reads scopes).
 */
@Component
public class CurrentCaller {

    private final Caller local;
    private final boolean localMode;
    private final String tenantClaim;
    private final String tenantAdminAuthority;
    private final JwtGrantedAuthoritiesConverter scopes = new JwtGrantedAuthoritiesConverter();

    public CurrentCaller(ApiProperties properties) {
        ApiProperties.Local configured = properties.security().local();
        this.local = new Caller(configured.tenantId(), configured.userId(), configured.name(), configured.email());
        this.localMode = properties.security().mode() == ApiProperties.Mode.LOCAL;
        this.tenantClaim = properties.security().oidc().tenantClaim();
        this.tenantAdminAuthority = "SCOPE_" + properties.security().oidc().tenantAdminScope();
    }

    /**
     * The caller of this request. On a tenant's endpoint there always is one: in the {@code oidc} mode a
     * request without a token naming a tenant is refused before it reaches one.
     */
    public Caller get() {
        if (localMode) {
            return local;
        }
        return fromAuthentication().orElseThrow(() -> new IllegalStateException(
                "No caller: the request carries no token naming a tenant, so it may not reach this code"));
    }

    /** The caller of this request, if it is a tenant's (an operator's token may name none). */
    public Optional<Caller> find() {
        return localMode ? Optional.of(get()) : fromAuthentication();
    }

    /** The caller a token names, if it names a tenant and a subject. */
    public Optional<Caller> fromToken(Jwt token) {
        String externalTenantId = token.getClaimAsString(tenantClaim);
        String subject = token.getSubject();
        if (externalTenantId == null || externalTenantId.isBlank() || subject == null || subject.isBlank()) {
            return Optional.empty();
        }
        String tenantId = Identities.tenantId(externalTenantId);
        return Optional.of(new Caller(tenantId, Identities.userId(tenantId, subject), token.getClaimAsString("name"),
                token.getClaimAsString("email"), externalTenantId, subject, hasScope(token, tenantAdminAuthority)));
    }

    private boolean hasScope(Jwt token, String authority) {
        return scopes.convert(token).stream().anyMatch(granted -> authority.equals(granted.getAuthority()));
    }

    /**
     * The id this service gives the tenant an identity provider names so ({@link Identities}); the {@code local}
     * mode's tenant is named by its own id.
     */
    public String tenantIdOf(String externalTenantId) {
        return localMode && externalTenantId.equals(local.tenantId()) ? externalTenantId
                : Identities.tenantId(externalTenantId);
    }

    /** Whether this is the {@code local} mode, whose one tenant and user need no token. */
    public boolean localMode() {
        return localMode;
    }

    /** The local mode's caller (also in the {@code oidc} mode, where no request acts as it). */
    public Caller local() {
        return local;
    }

    /** The scope that makes a token's user its tenant's admin. */
    public String tenantAdminScope() {
        return tenantAdminAuthority.substring("SCOPE_".length());
    }

    /** The claim that names the tenant. */
    public String tenantClaim() {
        return tenantClaim;
    }

    private Optional<Caller> fromAuthentication() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication instanceof JwtAuthenticationToken token ? fromToken(token.getToken()) : Optional.empty();
    }
}
