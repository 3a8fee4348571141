package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<CredentialView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindCredential(String tenantId, String credentialId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindCredential(String tenantId, String credentialId) {
        this(tenantId, credentialId, null);
    }
}
