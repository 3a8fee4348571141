package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Check a credential from anyone. Answered with a {@link CredentialVerification}.
 *
 * @param credential the credential as JSON object text
 */
public record VerifyCredential(String tenantId, String credential) implements TenantScoped {
}
