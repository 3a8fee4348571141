package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Issue a W3C verifiable credential signed by the tenant's issuer key.
 *
 * @param types             the credential's types, {@code VerifiableCredential} first
 * @param credentialSubject the subject as a JSON object text (kept as text so numbers and nesting
 *                          reach the signature exactly as sent)
 * @param expirationDate    when it expires, or {@code null} for the configured validity
 * @param extraContexts     further JSON-LD contexts the caller asked for; only bundled ones can be used
 * @param schemaId          a stored schema of the tenant that the subject must satisfy, which the credential
 *                          then names in {@code credentialSchema}; or {@code null}
 */
public record IssueCredential(String tenantId, @TargetAggregateIdentifier String credentialId, List<String> types,
                              String credentialSubject, Instant expirationDate, List<String> extraContexts,
                              String schemaId)
        implements TenantScoped {
}
