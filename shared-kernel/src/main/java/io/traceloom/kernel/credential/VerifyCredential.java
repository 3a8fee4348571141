package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Check a credential from anyone. Answered with a {@link CredentialVerification}.
 *
 * @param credential           the credential as JSON object text
 * @param expectedProofPurpose the purpose every proof must have; {@code null}: {@code assertionMethod}
 * @param challenge            when not {@code null}, the challenge every proof must carry
 * @param domain               when not {@code null}, the domain every proof must carry
 */
public record VerifyCredential(String tenantId, String credential, String expectedProofPurpose, String challenge,
                               String domain) implements TenantScoped {

    public VerifyCredential(String tenantId, String credential) {
        this(tenantId, credential, null, null, null);
    }
}
