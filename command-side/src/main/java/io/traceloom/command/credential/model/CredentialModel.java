package io.traceloom.command.credential.model;

import static io.traceloom.command.credential.model.ExpandedNode.CREDENTIALS;
import static io.traceloom.command.credential.model.ExpandedNode.STATUS;
import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import io.traceloom.command.credential.model.ExpandedNode.DateTime;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules of the VC data model (1.1 and 2.0) a verifier relies on, read from the data model the signature
 * covers: the credential's type, its issuer (who must control the key of a proof), its validity period, the
 * schemas it names and its status entries, each also required in its one expected JSON form. A date written
 * as an array or a value object, or given twice through an alias, is an error, never a pass. Knows nothing of
 * proofs: the caller says who signed.
 */
public final class CredentialModel {

    public static final String CREDENTIALS_V1 = "https://www.w3.org/2018/credentials/v1";
    public static final String CREDENTIALS_V2 = "https://www.w3.org/ns/credentials/v2";

    private static final Pattern STATUS_INDEX = Pattern.compile("0|[1-9][0-9]{0,9}");

    private CredentialModel() {
    }

    /**
     * The credential as signed: its type, issuer, validity period and status entries, from the data model.
     *
     * @param secured     the credential as JSON
     * @param expanded    the credential as expanded JSON-LD, without its proofs: what the proofs sign
     * @param controllers who controls the verification method of each proof whose signature was checked
     * @param findings    where each check that passed and each error go
     */
    public static void check(JsonObject secured, JsonArray expanded, List<String> controllers, Instant now,
                             Findings findings) {
        Optional<ExpandedNode> only = ExpandedNode.only(expanded);
        if (only.isEmpty()) {
            findings.error("credential", "must describe one credential");
            return;
        }
        ExpandedNode credential = only.get();
        if (!credential.types().contains(CREDENTIALS + "VerifiableCredential")) {
            findings.error("type", "must include VerifiableCredential");
        }
        checkIssuer(secured, credential, controllers, findings);
        readCredentialSchemas(credential, findings);
        boolean v2 = CREDENTIALS_V2.equals(firstContext(secured));
        Optional<DateTime> issued = dateTime(secured, credential, "issuanceDate", findings);
        Optional<DateTime> validFrom = dateTime(secured, credential, "validFrom", findings);
        Optional<DateTime> expires = dateTime(secured, credential, "expirationDate", findings);
        Optional<DateTime> validUntil = dateTime(secured, credential, "validUntil", findings);
        if (issued != null && validFrom != null && expires != null && validUntil != null) {
            if (issued.isEmpty() && !v2) {
                findings.error("issuanceDate", "a VC 1.1 credential must have one");
            }
            issued.filter(date -> now.isBefore(date.instant())).ifPresent(date -> findings.error("issuanceDate",
                    "the credential is not valid before " + date.lexical()));
            validFrom.filter(date -> now.isBefore(date.instant())).ifPresent(date -> findings.error("validFrom",
                    "the credential is not valid before " + date.lexical()));
            Optional<DateTime> end = expires.isPresent() ? expires : validUntil;
            if (end.isPresent()) {
                if (end.get().instant().isAfter(now)) {
                    findings.check("expiration");
                } else {
                    findings.error("expiration", "the credential expired at " + end.get().lexical());
                }
            }
        }
        readStatuses(credential, issuerId(credential), findings);
    }

    private static String issuerId(ExpandedNode credential) {
        try {
            return credential.onlyReference(CREDENTIALS + "issuer", "issuer");
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Each {@code credentialSchema} as signed must name its schema by an IRI. */
    private static void readCredentialSchemas(ExpandedNode credential, Findings findings) {
        for (JsonValue schema : credential.values(CREDENTIALS + "credentialSchema")) {
            if (schema instanceof JsonObject node && node.get("@id") instanceof JsonString id
                    && !id.getString().startsWith("_:")) {
                findings.credentialSchema(id.getString());
            } else {
                findings.error("credentialSchema", "must name its schema by an IRI (id)");
            }
        }
    }

    private static String firstContext(JsonObject secured) {
        JsonValue context = secured.get("@context");
        if (context instanceof JsonArray array && !array.isEmpty()) {
            context = array.get(0);
        }
        return context instanceof JsonString string ? string.getString() : null;
    }

    private static void checkIssuer(JsonObject secured, ExpandedNode credential, List<String> controllers,
                                    Findings findings) {
        JsonValue issuer = secured.get("issuer");
        boolean jsonForm = issuer instanceof JsonString
                || issuer instanceof JsonObject object && object.get("id") instanceof JsonString;
        try {
            String issuerId = credential.onlyReference(CREDENTIALS + "issuer", "issuer");
            if (!jsonForm) {
                findings.error("issuer", "must be a string, or an object with an id");
            } else if (controllers.contains(issuerId)) {
                findings.check("issuer");
            } else {
                findings.error("issuer", "the issuer is not the controller of a proof's verification method");
            }
        } catch (IllegalArgumentException e) {
            findings.error("issuer", e.getMessage());
        }
    }

    /** The {@code BitstringStatusListEntry}s of the credential, each in the one form the specification gives. */
    private static void readStatuses(ExpandedNode credential, String issuer, Findings findings) {
        for (ExpandedNode entry : credential.nodes(CREDENTIALS + "credentialStatus")) {
            if (!entry.types().contains(STATUS + "BitstringStatusListEntry")) {
                findings.warning("status", "a credentialStatus of type " + excerpt(String.join(", ", entry.types()))
                        + " is not checked");
                continue;
            }
            try {
                String purpose = entry.onlyString(STATUS + "statusPurpose", "statusPurpose")
                        .orElseThrow(() -> new IllegalArgumentException("statusPurpose is required"));
                String index = entry.onlyString(STATUS + "statusListIndex", "statusListIndex")
                        .orElseThrow(() -> new IllegalArgumentException("statusListIndex is required"));
                if (!STATUS_INDEX.matcher(index).matches()) {
                    throw new IllegalArgumentException("statusListIndex must be a non-negative integer, as a string");
                }
                String list = entry.onlyReference(STATUS + "statusListCredential", "statusListCredential");
                findings.status(new StatusEntry(purpose, Long.parseLong(index), list, issuer));
            } catch (IllegalArgumentException e) {
                findings.error("status", e.getMessage());
            }
        }
    }

    /**
     * A date the verifier relies on: in the JSON, absent or a single string; in the data model, absent or
     * one xsd:dateTime with a zone. Null (with an error) when it is in any other form.
     */
    private static Optional<DateTime> dateTime(JsonObject secured, ExpandedNode credential, String term,
                                               Findings findings) {
        JsonValue json = secured.get(term);
        if (json != null && !(json instanceof JsonString)) {
            findings.error(term, "must be a single date-time string");
            return null;
        }
        try {
            Optional<DateTime> date = credential.onlyDateTime(CREDENTIALS + term, term);
            if (json != null && date.isEmpty()) {
                findings.error(term, "is not in the signed data");
                return null;
            }
            return date;
        } catch (IllegalArgumentException e) {
            findings.error(term, e.getMessage());
            return null;
        }
    }
}
