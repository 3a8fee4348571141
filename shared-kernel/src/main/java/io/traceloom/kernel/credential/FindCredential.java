package io.traceloom.kernel.credential;

import io.traceloom.kernel.common.TenantScoped;

/** Answered with an {@code Optional<CredentialView>}. */
public record FindCredential(String tenantId, String credentialId) implements TenantScoped {
}
