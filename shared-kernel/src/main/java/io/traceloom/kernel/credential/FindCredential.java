package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<CredentialView>}. */
public record FindCredential(String tenantId, String credentialId) implements TenantScoped {
}
