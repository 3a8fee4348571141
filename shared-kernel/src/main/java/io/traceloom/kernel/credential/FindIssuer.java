package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<IssuerView>}: empty until the tenant's issuer key exists. */
public record FindIssuer(String tenantId) implements TenantScoped {
}
