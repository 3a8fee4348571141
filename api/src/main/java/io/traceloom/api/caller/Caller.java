package io.traceloom.api.caller;

/**
 * Who is calling: the tenant everything they do belongs to, and the user within it.
 *
 * @param tenantId         the tenant's id in this service (a UUID)
 * @param userId           the user's id in this service (a UUID)
 * @param name             the user's name, or {@code null} when the identity has none
 * @param email            the user's e-mail address, or {@code null} when the identity has none
 * @param externalTenantId the tenant as the identity provider names it (the token's tenant claim)
 * @param subject          the user as the identity provider names it (the token's {@code sub})
 * @param tenantAdmin      whether it administers its tenant: it may delete the tenant's other users (the
 *                         {@code oidc} mode: the token has the tenant-admin scope; the {@code local} mode's one
 *                         user does)
 */
public record Caller(String tenantId, String userId, String name, String email, String externalTenantId,
                     String subject, boolean tenantAdmin) {

    /** A caller whose ids are its own external ones, its tenant's admin (the {@code local} mode's). */
    public Caller(String tenantId, String userId, String name, String email) {
        this(tenantId, userId, name, email, tenantId, userId, true);
    }
}
