package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The credential's bit in its status list is now set: it is revoked, for good. */
@Revision("1")
public record CredentialRevoked(String tenantId, String credentialId, String listId, int index, String purpose)
        implements TenantScoped {
}
