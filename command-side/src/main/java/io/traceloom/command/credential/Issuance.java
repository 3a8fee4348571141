package io.traceloom.command.credential;

import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import io.traceloom.command.credential.StatusIndexes.Slot;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.Ed25519Proofs.Expectations;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.ProofSettings;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.ProofOptions;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The credential one {@link IssueCredential} asks for, before and after it is signed. From the spec's
 * request the service composes a whole credential: its contexts (VC 1.1, or 2.0 when the request names
 * that context), id, issuer, validity period. A credential the client composed (the VC-API) is kept as it
 * is; the service adds only what is missing (an {@code id}, a VC 1.1 {@code issuanceDate}, the contexts its
 * additions need) and, when asked or by the service's default, its {@code credentialStatus}; a credential that is signed already only gets one more
 * proof, after its own proofs verify. Every refusal is an {@link InvalidCredentialException} naming the field
 * as the client sent it.
 */
final class Issuance {

    static final String VERIFIABLE_CREDENTIAL = "VerifiableCredential";
    static final String REVOCATION = "revocation";
    /** The type of a {@code credentialSchema} that is a JSON Schema (W3C VC JSON Schema). */
    static final String JSON_SCHEMA = "JsonSchema";

    /**
     * The latest date a credential can state: later years print as "+10000-..." (Instant's expanded years),
     * which is not an xsd:dateTime and which other verifiers refuse.
     */
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

    private final IssueCredential command;
    private final ContextDocuments contexts;
    private final Instant now;
    private final String prefix;

    Issuance(IssueCredential command, ContextDocuments contexts, Instant now) {
        this.command = command;
        this.contexts = contexts;
        this.now = now.truncatedTo(ChronoUnit.SECONDS);
        this.prefix = command.composedByClient() ? "credential." : "";
    }

    /** The field of the request a property of the credential is: VC-API requests carry it in {@code credential}. */
    String field(String property) {
        if (property == null) {
            return command.composedByClient() ? "credential" : "credentialSubject";
        }
        return property.startsWith("options.") ? property : prefix + property;
    }

    JsonObject draft() throws InvalidCredentialException {
        try {
            return JsonValues.reader(command.credential()).readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new InvalidCredentialException(null, "must be a JSON object");
        }
    }

    /** Whether the client sent a credential that is signed already, to add a proof to. */
    boolean addsProof(JsonObject draft) {
        return command.composedByClient() && draft.containsKey("proof");
    }

    /**
     * The credential to sign, without its status entry.
     *
     * @param schemaUrl the URL of a stored schema the subject satisfies, named in {@code credentialSchema} and
     *                  signed with the rest; or {@code null}
     * @param withStatus whether it will get a status entry: a VC 1.1 credential then names the status list's
     *                  context, which VC 2.0's includes
     */
    JsonObject compose(JsonObject draft, String issuer, Duration validity, String schemaUrl, boolean withStatus)
            throws InvalidCredentialException {
        if (proofOptions().previousProof() != null && !proofOptions().previousProof().isEmpty()) {
            throw new InvalidCredentialException("options.previousProof", "the credential has no proof to follow");
        }
        JsonObject composed = command.composedByClient() ? completed(draft, issuer, withStatus)
                : composed(draft, issuer, validity);
        if (schemaUrl == null) {
            return composed;
        }
        return JsonValues.object(composed)
                .add("credentialSchema", JsonValues.object().add("id", schemaUrl).add("type", JSON_SCHEMA))
                .build();
    }

    /** The subject the spec's request asks for, as JSON text: what a stored schema checks. */
    String subject() throws InvalidCredentialException {
        if (!(draft().get("credentialSubject") instanceof JsonObject subject)) {
            throw new InvalidCredentialException("credentialSubject", "must be a JSON object");
        }
        return subject.toString();
    }

    /** The spec's request made into a credential: VC 1.1, or 2.0 when its contexts name 2.0's. */
    private JsonObject composed(JsonObject request, String issuer, Duration validity)
            throws InvalidCredentialException {
        List<String> requested = strings(request.get("@context"), "@context");
        boolean v2 = requested.contains(ContextDocuments.CREDENTIALS_V2);
        if (v2 && requested.contains(ContextDocuments.CREDENTIALS_V1)) {
            throw new InvalidCredentialException("@context", "name the context of VC 1.1 or of VC 2.0, not both");
        }
        Set<String> all = new LinkedHashSet<>(v2
                ? List.of(ContextDocuments.CREDENTIALS_V2, contexts.traceloomContext())
                : List.of(ContextDocuments.CREDENTIALS_V1, ContextDocuments.DATA_INTEGRITY_V2,
                ContextDocuments.BITSTRING_STATUS_LIST_V1, contexts.traceloomContext()));
        for (String context : requested) {
            if (!contexts.isAvailable(context)) {
                throw new InvalidCredentialException("@context", "context not available: " + excerpt(context));
            }
            // VC 2.0's context defines the Data Integrity and status terms itself
            if (!v2 || !context.equals(ContextDocuments.DATA_INTEGRITY_V2)
                    && !context.equals(ContextDocuments.BITSTRING_STATUS_LIST_V1)) {
                all.add(context);
            }
        }
        Set<String> types = new LinkedHashSet<>();
        types.add(VERIFIABLE_CREDENTIAL);
        types.addAll(strings(request.get("type"), "type"));
        Instant expires = now.plus(validity);
        if (request.get("expirationDate") instanceof JsonString date) {
            expires = instant(date.getString(), "expirationDate");
        }
        if (!expires.isAfter(now)) {
            throw new InvalidCredentialException("expirationDate", "must be after the issuance date " + now);
        }
        if (expires.isAfter(LATEST)) {
            throw new InvalidCredentialException("expirationDate", "must be at most " + LATEST);
        }
        if (!(request.get("credentialSubject") instanceof JsonObject subject)) {
            throw new InvalidCredentialException("credentialSubject", "must be a JSON object");
        }
        JsonArrayBuilder contextArray = JsonValues.array();
        all.forEach(contextArray::add);
        JsonArrayBuilder typeArray = JsonValues.array();
        types.forEach(typeArray::add);
        return JsonValues.object()
                .add("@context", contextArray)
                .add("id", "urn:uuid:" + command.credentialId())
                .add("type", typeArray)
                .add("issuer", issuer)
                .add(v2 ? "validFrom" : "issuanceDate", now.toString())
                .add(v2 ? "validUntil" : "expirationDate", expires.toString())
                .add("credentialSubject", subject)
                .build();
    }

    /** The client's credential with what is missing added. */
    private JsonObject completed(JsonObject credential, String issuer, boolean withStatus)
            throws InvalidCredentialException {
        List<String> contextList = strings(credential.get("@context"), "@context");
        String version = contextList.isEmpty() ? null : contextList.get(0);
        boolean v2 = ContextDocuments.CREDENTIALS_V2.equals(version);
        if (!v2 && !ContextDocuments.CREDENTIALS_V1.equals(version)) {
            throw new InvalidCredentialException("@context", "must begin with " + ContextDocuments.CREDENTIALS_V1
                    + " (VC 1.1) or " + ContextDocuments.CREDENTIALS_V2 + " (VC 2.0)");
        }
        requireIssuer(credential, issuer);
        if (!strings(credential.get("type"), "type").contains(VERIFIABLE_CREDENTIAL)) {
            throw new InvalidCredentialException("type", "must include " + VERIFIABLE_CREDENTIAL);
        }
        JsonValue subject = credential.get("credentialSubject");
        if (!(subject instanceof JsonObject || subject instanceof JsonArray array && !array.isEmpty()
                && array.stream().allMatch(item -> item instanceof JsonObject))) {
            throw new InvalidCredentialException("credentialSubject", "is required: an object, or an array of them");
        }
        if (credential.containsKey("credentialStatus")) {
            throw new InvalidCredentialException("credentialStatus", "is assigned by the service");
        }
        if (credential.containsKey("id") && !(credential.get("id") instanceof JsonString)) {
            throw new InvalidCredentialException("id", "must be a string (an IRI)");
        }
        Set<String> needed = new LinkedHashSet<>(contextList);
        if (!v2) {
            needed.add(ContextDocuments.DATA_INTEGRITY_V2);
            if (withStatus) {
                needed.add(ContextDocuments.BITSTRING_STATUS_LIST_V1);
            }
        }
        JsonArrayBuilder contextArray = JsonValues.array();
        needed.forEach(contextArray::add);
        JsonObjectBuilder completed = JsonValues.object().add("@context", contextArray);
        if (!credential.containsKey("id")) {
            completed.add("id", "urn:uuid:" + command.credentialId());
        }
        credential.forEach((key, value) -> {
            if (!key.equals("@context")) {
                completed.add(key, value);
            }
        });
        if (!v2 && !credential.containsKey("issuanceDate")) {
            completed.add("issuanceDate", now.toString());
        }
        return completed.build();
    }

    /** The credential with its entry in the tenant's status list. */
    JsonObject withStatus(JsonObject unsigned, Slot slot) {
        String url = contexts.statusListUrl(slot.listId());
        return JsonValues.object(unsigned).add("credentialStatus", JsonValues.object()
                        .add("id", url + "#" + slot.index())
                        .add("type", "BitstringStatusListEntry")
                        .add("statusPurpose", slot.purpose())
                        .add("statusListIndex", Integer.toString(slot.index()))
                        .add("statusListCredential", url))
                .build();
    }

    /** A signed credential of this issuer with one more proof, once the proofs it has verify. */
    JsonObject withAnotherProof(JsonObject signed, String issuer, KeyPair key, Ed25519Proofs suite,
                                WorkBudget budget) throws InvalidCredentialException {
        requireIssuer(signed, issuer);
        Ed25519Proofs.Verification verification = suite.verify(signed, now, Expectations.ASSERTION_METHOD, budget);
        if (!verification.verified()) {
            throw new InvalidCredentialException("proof", "the credential's proofs must verify before another is "
                    + "added: " + verification.errors().get(0));
        }
        try {
            return suite.sign(signed, key, proofSettings(), budget);
        } catch (InvalidCredentialException e) {
            throw "previousProof".equals(e.property()) ? new InvalidCredentialException("options.previousProof",
                    e.getMessage()) : e;
        }
    }

    /** The proof the client asked for, by default an {@code assertionMethod} proof made now; with its own id. */
    ProofSettings proofSettings() throws InvalidCredentialException {
        ProofOptions options = proofOptions();
        Instant created = options.created() == null ? now : options.created().truncatedTo(ChronoUnit.SECONDS);
        if (created.isBefore(EARLIEST) || created.isAfter(LATEST)) {
            throw new InvalidCredentialException("options.created", "must be between " + EARLIEST + " and " + LATEST);
        }
        String purpose = options.proofPurpose() == null ? Ed25519Proofs.ASSERTION : options.proofPurpose();
        if (!Ed25519Proofs.PURPOSES.containsKey(purpose)) {
            throw new InvalidCredentialException("options.proofPurpose", "must be one of "
                    + String.join(", ", new java.util.TreeSet<>(Ed25519Proofs.PURPOSES.keySet())));
        }
        return new ProofSettings("urn:uuid:" + UUID.randomUUID(), created, purpose, options.challenge(),
                options.domain(), options.previousProof());
    }

    private ProofOptions proofOptions() {
        return command.proof() == null ? ProofOptions.defaults() : command.proof();
    }

    private static void requireIssuer(JsonObject credential, String issuer) throws InvalidCredentialException {
        JsonValue given = credential.get("issuer");
        String id = given instanceof JsonString string ? string.getString()
                : given instanceof JsonObject object && object.get("id") instanceof JsonString string
                ? string.getString() : null;
        if (id == null) {
            throw new InvalidCredentialException("issuer", "is required: this tenant's issuer, " + issuer
                    + " (GET /credentials/issuer), as a string or as the id of an object");
        }
        if (!id.equals(issuer)) {
            throw new InvalidCredentialException("issuer", "must be this tenant's issuer, " + issuer
                    + " (GET /credentials/issuer), not " + excerpt(id));
        }
    }

    /** A string or an array of strings, as a list; absent: empty. */
    private static List<String> strings(JsonValue value, String field) throws InvalidCredentialException {
        List<String> strings = new ArrayList<>();
        if (value == null) {
            return strings;
        }
        if (value instanceof JsonString string) {
            strings.add(string.getString());
            return strings;
        }
        if (value instanceof JsonArray array && array.stream().allMatch(item -> item instanceof JsonString)) {
            array.getValuesAs(JsonString.class).forEach(item -> strings.add(item.getString()));
            return strings;
        }
        throw new InvalidCredentialException(field, "must be a string or an array of strings");
    }

    private static Instant instant(String text, String field) throws InvalidCredentialException {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidCredentialException(field, "must be a date-time, e.g. 2030-01-01T00:00:00Z");
        }
    }
}
