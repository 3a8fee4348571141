package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * A tenant's issuer key pair came into being. Only the public half: private keys never enter an event.
 *
 * @param did the issuer's {@code did:key}, which is the multibase public key
 */
@Revision("1")
public record IssuerKeyCreated(String tenantId, String did) implements TenantScoped {
}
