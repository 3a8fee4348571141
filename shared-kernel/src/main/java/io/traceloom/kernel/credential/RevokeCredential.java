package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Answered with a {@link Revocation}; revoking a revoked credential again changes nothing. */
public record RevokeCredential(String tenantId, @TargetAggregateIdentifier String credentialId)
        implements TenantScoped {
}
