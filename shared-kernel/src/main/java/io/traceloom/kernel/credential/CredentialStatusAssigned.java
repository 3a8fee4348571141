package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** An issued credential names this entry of a status list in its (signed) {@code credentialStatus}. */
@Revision("1")
public record CredentialStatusAssigned(String tenantId, String credentialId, String listId, int index,
                                       String purpose) implements TenantScoped {
}
