package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Issue a W3C verifiable credential signed by the tenant's issuer key; both ways of asking for one (the
 * spec's {@code POST /credentials/issue} and the VC-API's) are this command.
 *
 * @param credential       the credential to sign, as JSON object text (kept as text so numbers and nesting
 *                         reach the signature exactly as sent). Composed by the service
 *                         ({@code composedByClient} false): only {@code type}, {@code credentialSubject},
 *                         {@code expirationDate} and further {@code @context}s, from which the service makes
 *                         the credential (VC 1.1, or 2.0 when the contexts name it); composed by the client:
 *                         the whole credential, which the service completes only with what is missing (an
 *                         {@code id}, a VC 1.1 {@code issuanceDate}) and its {@code credentialStatus}, or,
 *                         when it is signed already, with one more proof
 * @param composedByClient whether {@code credential} is a whole credential (the VC-API) or the spec's request
 * @param proof            what the client asks of the proof
 * @param schemaId         a stored schema the subject must satisfy, which the credential then names in
 *                         {@code credentialSchema}; or {@code null}
 * @param withStatus       whether the credential gets an entry in the tenant's status list (the VC-API's
 *                         {@code options.credentialStatus}); {@code null}: the service's default, always for the
 *                         spec's request, {@code traceloom.credentials.vc-api-status-by-default} for the VC-API's
 */
public record IssueCredential(String tenantId, @TargetAggregateIdentifier String credentialId, String credential,
                              boolean composedByClient, ProofOptions proof, String schemaId, Boolean withStatus)
        implements TenantScoped {

    /** With the service's default status entry. */
    public IssueCredential(String tenantId, String credentialId, String credential, boolean composedByClient,
                           ProofOptions proof, String schemaId) {
        this(tenantId, credentialId, credential, composedByClient, proof, schemaId, null);
    }
}
