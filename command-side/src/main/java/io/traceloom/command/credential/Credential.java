package io.traceloom.command.credential;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.message.Rejection;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/** An issued credential: built, signed and recorded once; it never changes afterwards. */
@Aggregate
public class Credential {

    static final String VERIFIABLE_CREDENTIAL = "VerifiableCredential";

    /**
     * The latest expiry a credential can state: later years print as "+10000-..." (Instant's expanded
     * years), which is not an xsd:dateTime and which other verifiers refuse.
     */
    static final Instant LATEST_EXPIRATION = Instant.parse("9999-12-31T23:59:59Z");

    /** The type of a {@code credentialSchema} that is a JSON Schema (W3C VC JSON Schema). */
    static final String JSON_SCHEMA = "JsonSchema";

    @AggregateIdentifier
    private String id;

    protected Credential() {
        // for Axon
    }

    /** Records a credential as {@link #signed} made it. */
    Credential(IssueCredential command, JsonObject signed) {
        apply(new CredentialIssued(command.tenantId(), command.credentialId(), signed.toString()));
    }

    /**
     * The W3C VC 1.1 credential the command describes, signed with the issuer's key. Made before the
     * aggregate is: a refusal is the client's mistake, which Axon would otherwise log, stack and all, as a
     * failure to create an aggregate.
     *
     * @param schemaUrl the URL of the schema the subject satisfies, named in {@code credentialSchema} and signed
     *                  with the rest; or {@code null}
     */
    static JsonObject signed(IssueCredential command, String schemaUrl, KeyPair issuerKey, Ed25519Proofs suite,
                             ContextDocuments contexts, Duration validity, Instant now, WorkBudget budget) {
        Instant issued = now.truncatedTo(ChronoUnit.SECONDS);
        Instant expires = command.expirationDate() == null ? issued.plus(validity) : command.expirationDate();
        if (!expires.isAfter(issued)) {
            throw rejected("expirationDate", "must be after the issuance date " + issued);
        }
        if (expires.isAfter(LATEST_EXPIRATION)) {
            throw rejected("expirationDate", "must be at most " + LATEST_EXPIRATION);
        }
        JsonObjectBuilder credential = JsonValues.object()
                .add("@context", contexts(command.extraContexts(), contexts))
                .add("id", "urn:uuid:" + command.credentialId())
                .add("type", types(command.types()))
                .add("issuer", DidKey.did(issuerKey.getPublic()))
                .add("issuanceDate", issued.toString())
                .add("expirationDate", expires.toString())
                .add("credentialSubject", JsonValues.reader(command.credentialSubject()).readObject());
        if (schemaUrl != null) {
            credential.add("credentialSchema", JsonValues.object().add("id", schemaUrl).add("type", JSON_SCHEMA));
        }
        JsonObject unsecured = credential.build();
        try {
            return suite.sign(unsecured, issuerKey.getPrivate(), issuerKey.getPublic(), issued, budget);
        } catch (InvalidCredentialException e) {
            // a client's mistake: the API logs the refusal in one line
            throw rejected(e.property() == null ? "credentialSubject" : e.property(), e.getMessage());
        }
    }

    /** Credentials v1, then Data Integrity v2, then the service's own context; then any bundled extras. */
    private static JsonArrayBuilder contexts(List<String> extra, ContextDocuments contexts) {
        Set<String> all = new LinkedHashSet<>(List.of(ContextDocuments.CREDENTIALS_V1,
                ContextDocuments.DATA_INTEGRITY_V2, contexts.traceloomContext()));
        for (String context : extra == null ? List.<String>of() : extra) {
            if (!contexts.isAvailable(context)) {
                throw rejected("@context", "context not available: " + InvalidCredentialException.excerpt(context));
            }
            all.add(context);
        }
        JsonArrayBuilder array = JsonValues.array();
        all.forEach(array::add);
        return array;
    }

    /** {@code VerifiableCredential} always first, each type once. */
    private static JsonArrayBuilder types(List<String> requested) {
        Set<String> types = new LinkedHashSet<>();
        types.add(VERIFIABLE_CREDENTIAL);
        if (requested != null) {
            types.addAll(requested);
        }
        JsonArrayBuilder array = JsonValues.array();
        types.forEach(array::add);
        return array;
    }

    private static DomainRejectionException rejected(String field, String message) {
        return new DomainRejectionException(Rejection.invalid(field, message));
    }

    @EventSourcingHandler
    void on(CredentialIssued event) {
        id = event.credentialId();
    }
}
