package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Make sure the tenant has an issuer key, creating it the first time; answered with the issuer's
 * {@code did:key}. VC-API clients name the issuer in the credentials they send, so they must learn it
 * before their first issuance.
 */
public record ProvideIssuer(String tenantId) implements TenantScoped {
}
