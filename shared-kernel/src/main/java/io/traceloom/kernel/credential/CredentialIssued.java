package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param credential the signed credential, as JSON text exactly as issued */
@Revision("1")
public record CredentialIssued(String tenantId, String credentialId, String credential) implements TenantScoped {
}
