package io.traceloom.command.credential;

import static io.traceloom.command.credential.ExpandedNode.CREDENTIALS;
import static io.traceloom.command.credential.ExpandedNode.SECURITY;
import static io.traceloom.command.credential.InvalidCredentialException.excerpt;

import com.apicatalog.multibase.Multibase;
import io.traceloom.command.credential.ExpandedNode.DateTime;
import io.traceloom.command.credential.StrictCanonicalizer.Canonical;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Ed25519 proofs over canonical JSON-LD. Signs with the W3C Data Integrity cryptosuite
 * {@code eddsa-rdfc-2022}: Ed25519 over the SHA-256 hashes of the RDFC-1.0 canonical forms of the proof
 * configuration and of the document, in that order; the proof configuration carries the document's
 * {@code @context}, as the specification requires. Verifies those, and the older
 * {@code Ed25519Signature2020} proofs, which are made the same way under another proof type.
 * <p>
 * Verification reads what it relies on (dates, issuer, proof type, cryptosuite, purpose, key) from the
 * data model the signature covers, and requires each in its one expected JSON form too: a date written as
 * an array or a value object, or given twice through an alias, is an error, never a pass.
 */
public final class Ed25519Proofs {

    public static final String CRYPTOSUITE = "eddsa-rdfc-2022";
    public static final String PROOF_TYPE = "DataIntegrityProof";
    public static final String ED25519_SIGNATURE_2020 = "Ed25519Signature2020";
    public static final String ASSERTION = "assertionMethod";

    /** base58btc of a 64-byte Ed25519 signature is at most 88 characters; decoding is quadratic in length. */
    private static final int MAX_PROOF_VALUE = 1 + 88;
    private static final String DC_CREATED = "http://purl.org/dc/terms/created";

    private final StrictCanonicalizer canonicalizer;

    public Ed25519Proofs(StrictCanonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
    }

    /** The document with an embedded proof by the key pair, made at {@code created} (whole seconds). */
    public JsonObject sign(JsonObject unsecured, PrivateKey privateKey, PublicKey publicKey, Instant created,
                           WorkBudget budget) throws InvalidCredentialException {
        JsonObject options = JsonValues.object()
                .add("type", PROOF_TYPE)
                .add("cryptosuite", CRYPTOSUITE)
                .add("created", created.truncatedTo(ChronoUnit.SECONDS).toString())
                .add("verificationMethod", DidKey.verificationMethod(publicKey))
                .add("proofPurpose", ASSERTION)
                .build();
        Canonical document = canonicalizer.canonicalize(unsecured, budget);
        Canonical config = canonicalizer.canonicalize(proofConfig(unsecured, options), budget);
        byte[] signature = Ed25519.sign(privateKey, hashData(config, document));
        JsonObject proof = JsonValues.object(options)
                .add("proofValue", Multibase.BASE_58_BTC.encode(signature))
                .build();
        return JsonValues.object(unsecured).add("proof", proof).build();
    }

    /**
     * What a verifier found: the checks that passed, and the errors, each naming its check.
     *
     * @param credentialSchemas the IRIs of the schemas the credential names in {@code credentialSchema}, as signed:
     *                          what its subject claims to satisfy, for the caller to check where it can
     */
    public record Verification(List<String> checks, List<String> warnings, List<String> errors,
                               List<String> credentialSchemas) {
        public boolean verified() {
            return errors.isEmpty();
        }
    }

    /**
     * Checks a secured credential from anyone: strict JSON-LD, its proof (type, cryptosuite, key, signature,
     * purpose), that its issuer is the key's controller, and its validity period. Every finding about the
     * credential is reported, none thrown.
     *
     * @throws OverLimitException when checking it would cost more than the budget allows
     */
    public Verification verify(JsonObject secured, Instant now, WorkBudget budget) throws OverLimitException {
        Findings findings = new Findings();
        if (!(secured.get("proof") instanceof JsonObject proof)) {
            findings.error("proof", "the credential has no single embedded proof");
            return findings.verification();
        }
        ProofFields fields = ProofFields.read(proof, findings);
        JsonObjectBuilder unsecuredBuilder = JsonValues.object(secured);
        unsecuredBuilder.remove("proof");
        JsonObject unsecured = unsecuredBuilder.build();
        JsonObjectBuilder options = JsonValues.object(proof);
        options.remove("proofValue");

        Canonical document = canonical(unsecured, budget, findings);
        Canonical config = canonical(proofConfig(unsecured, options.build()), budget, findings);
        if (document != null && config != null) {
            findings.check("jsonld");
            if (fields.complete()) {
                checkProofModel(config, fields, findings);
            }
            if (fields.complete()) {
                checkSignature(document, config, fields, findings);
            }
            checkCredentialModel(secured, document, fields, now, findings);
        }
        return findings.verification();
    }

    private Canonical canonical(JsonObject document, WorkBudget budget, Findings findings)
            throws OverLimitException {
        try {
            return canonicalizer.canonicalize(document, budget);
        } catch (OverLimitException e) {
            throw e;
        } catch (InvalidCredentialException e) {
            findings.error("jsonld", (e.property() == null ? "" : e.property() + ": ") + e.getMessage());
            return null;
        }
    }

    private static void checkSignature(Canonical document, Canonical config, ProofFields fields, Findings findings) {
        PublicKey key;
        try {
            key = DidKey.publicKey(fields.verificationMethod);
        } catch (IllegalArgumentException e) {
            findings.error("proof", "verificationMethod: " + e.getMessage());
            return;
        }
        byte[] signature;
        try {
            signature = Multibase.BASE_58_BTC.decode(fields.proofValue);
        } catch (RuntimeException e) {
            findings.error("proof", "proofValue is not base58btc");
            return;
        }
        if (Ed25519.verify(key, hashData(config, document), signature)) {
            findings.check("proof");
        } else {
            findings.error("proof", "the signature does not match the credential");
        }
    }

    /** The proof as signed: one type, the suite's cryptosuite, one purpose, the key the JSON names. */
    private static void checkProofModel(Canonical config, ProofFields fields, Findings findings) {
        Optional<ExpandedNode> only = ExpandedNode.only(config.expanded());
        if (only.isEmpty()) {
            findings.error("proof", "must describe one proof");
            fields.invalidate();
            return;
        }
        ExpandedNode proof = only.get();
        try {
            List<String> types = proof.types();
            String expectedType = SECURITY + (fields.dataIntegrity() ? PROOF_TYPE : ED25519_SIGNATURE_2020);
            if (!types.equals(List.of(expectedType))) {
                throw new IllegalArgumentException("type must be " + fields.type + ", once; the signed data says "
                        + excerpt(String.join(", ", types)));
            }
            Optional<String> suite = proof.onlyLiteral(SECURITY + "cryptosuite", SECURITY + "cryptosuiteString",
                    "cryptosuite");
            if (fields.dataIntegrity() ? !suite.equals(Optional.of(CRYPTOSUITE)) : suite.isPresent()) {
                throw new IllegalArgumentException("cryptosuite must be " + CRYPTOSUITE + " for " + PROOF_TYPE
                        + " and absent for " + ED25519_SIGNATURE_2020);
            }
            if (!proof.onlyReference(SECURITY + "verificationMethod", "verificationMethod")
                    .equals(fields.verificationMethod)) {
                throw new IllegalArgumentException("verificationMethod must be given once");
            }
            if (!proof.values(SECURITY + "proofValue").isEmpty()) {
                throw new IllegalArgumentException("proofValue must be given once, as proofValue");
            }
            proof.onlyDateTime(DC_CREATED, "created");
        } catch (IllegalArgumentException e) {
            findings.error("proof", e.getMessage());
            fields.invalidate();
            return;
        }
        try {
            if (proof.onlyReference(SECURITY + "proofPurpose", "proofPurpose").equals(SECURITY + ASSERTION)
                    && ASSERTION.equals(fields.proofPurpose)) {
                findings.check("proofPurpose");
            } else {
                findings.error("proofPurpose", "must be " + ASSERTION);
            }
        } catch (IllegalArgumentException e) {
            findings.error("proofPurpose", e.getMessage());
        }
    }

    /** The credential as signed: its type, issuer and validity period, read from the data model. */
    private static void checkCredentialModel(JsonObject secured, Canonical document, ProofFields fields, Instant now,
                                             Findings findings) {
        Optional<ExpandedNode> only = ExpandedNode.only(document.expanded());
        if (only.isEmpty()) {
            findings.error("credential", "must describe one credential");
            return;
        }
        ExpandedNode credential = only.get();
        if (!credential.types().contains(CREDENTIALS + "VerifiableCredential")) {
            findings.error("type", "must include VerifiableCredential");
        }
        checkIssuer(secured, credential, fields, findings);
        readCredentialSchemas(credential, findings);
        Optional<DateTime> issued = dateTime(secured, credential, "issuanceDate", findings);
        Optional<DateTime> validFrom = dateTime(secured, credential, "validFrom", findings);
        Optional<DateTime> expires = dateTime(secured, credential, "expirationDate", findings);
        Optional<DateTime> validUntil = dateTime(secured, credential, "validUntil", findings);
        if (issued == null || validFrom == null || expires == null || validUntil == null) {
            return;
        }
        if (issued.isEmpty()) {
            findings.error("issuanceDate", "a credential must have one");
        }
        issued.filter(date -> now.isBefore(date.instant())).ifPresent(date -> findings.error("issuanceDate",
                "the credential is not valid before " + date.lexical()));
        validFrom.filter(date -> now.isBefore(date.instant())).ifPresent(date -> findings.error("validFrom",
                "the credential is not valid before " + date.lexical()));
        validUntil.filter(date -> !date.instant().isAfter(now)).ifPresent(date -> findings.error("validUntil",
                "the credential expired at " + date.lexical()));
        if (expires.isPresent()) {
            if (expires.get().instant().isAfter(now)) {
                findings.check("expiration");
            } else {
                findings.error("expiration", "the credential expired at " + expires.get().lexical());
            }
        }
    }

    /** Each {@code credentialSchema} as signed must name its schema by an IRI. */
    private static void readCredentialSchemas(ExpandedNode credential, Findings findings) {
        for (JsonValue schema : credential.values(CREDENTIALS + "credentialSchema")) {
            if (schema instanceof JsonObject node && node.get("@id") instanceof JsonString id
                    && !id.getString().startsWith("_:")) {
                findings.credentialSchemas.add(id.getString());
            } else {
                findings.error("credentialSchema", "must name its schema by an IRI (id)");
            }
        }
    }

    private static void checkIssuer(JsonObject secured, ExpandedNode credential, ProofFields fields,
                                    Findings findings) {
        JsonValue issuer = secured.get("issuer");
        boolean jsonForm = issuer instanceof JsonString
                || issuer instanceof JsonObject object && object.get("id") instanceof JsonString;
        try {
            String issuerId = credential.onlyReference(CREDENTIALS + "issuer", "issuer");
            if (!jsonForm) {
                findings.error("issuer", "must be a string, or an object with an id");
            } else if (fields.verificationMethod != null
                    && DidKey.controller(fields.verificationMethod).equals(issuerId)) {
                findings.check("issuer");
            } else {
                findings.error("issuer", "the issuer is not the controller of the proof's verification method");
            }
        } catch (IllegalArgumentException e) {
            findings.error("issuer", e.getMessage());
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

    /** The proof configuration: the proof without its value, under the document's contexts. */
    private static JsonObject proofConfig(JsonObject unsecured, JsonObject proofOptions) {
        JsonObjectBuilder config = JsonValues.object(proofOptions);
        if (unsecured.containsKey("@context")) {
            config.add("@context", unsecured.get("@context"));
        }
        return config.build();
    }

    private static byte[] hashData(Canonical config, Canonical document) {
        byte[] proofHash = sha256(config.nquads());
        byte[] documentHash = sha256(document.nquads());
        byte[] hashData = new byte[64];
        System.arraycopy(proofHash, 0, hashData, 0, 32);
        System.arraycopy(documentHash, 0, hashData, 32, 32);
        return hashData;
    }

    private static byte[] sha256(String nquads) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(nquads.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The proof's fields as the JSON gives them, each required to be one string. */
    private static final class ProofFields {
        String type;
        String proofPurpose;
        String verificationMethod;
        String proofValue;
        private boolean valid = true;

        static ProofFields read(JsonObject proof, Findings findings) throws OverLimitException {
            ProofFields fields = new ProofFields();
            fields.type = single(proof, "type", findings, fields);
            fields.proofPurpose = single(proof, "proofPurpose", findings, fields);
            fields.verificationMethod = single(proof, "verificationMethod", findings, fields);
            fields.proofValue = single(proof, "proofValue", findings, fields);
            String cryptosuite = single(proof, "cryptosuite", findings, fields);
            single(proof, "created", findings, fields);
            if (fields.valid && !(PROOF_TYPE.equals(fields.type) && CRYPTOSUITE.equals(cryptosuite)
                    || ED25519_SIGNATURE_2020.equals(fields.type) && cryptosuite == null)) {
                findings.error("proof", "supported are " + PROOF_TYPE + " with cryptosuite " + CRYPTOSUITE
                        + ", and " + ED25519_SIGNATURE_2020);
                fields.valid = false;
            }
            if (fields.valid && (fields.verificationMethod == null || fields.proofValue == null)) {
                findings.error("proof", "verificationMethod and proofValue are required");
                fields.valid = false;
            }
            // bounded before any decoding: base58 decoding takes time quadratic in the length
            if (fields.proofValue != null && fields.proofValue.length() > MAX_PROOF_VALUE) {
                throw new OverLimitException("proof.proofValue", "longer than an Ed25519 signature ("
                        + MAX_PROOF_VALUE + " characters)");
            }
            if (fields.verificationMethod != null && fields.verificationMethod.length() > DidKey.MAX_LENGTH) {
                throw new OverLimitException("proof.verificationMethod", "longer than an Ed25519 did:key ("
                        + DidKey.MAX_LENGTH + " characters)");
            }
            return fields;
        }

        private static String single(JsonObject proof, String name, Findings findings, ProofFields fields) {
            JsonValue value = proof.get(name);
            if (value == null) {
                return null;
            }
            if (value instanceof JsonString string) {
                return string.getString();
            }
            findings.error("proof", name + " must be a single string");
            fields.valid = false;
            return null;
        }

        boolean dataIntegrity() {
            return PROOF_TYPE.equals(type);
        }

        boolean complete() {
            return valid;
        }

        void invalidate() {
            valid = false;
        }
    }

    private static final class Findings {
        private final List<String> checks = new ArrayList<>();
        private final List<String> errors = new ArrayList<>();
        private final List<String> credentialSchemas = new ArrayList<>();

        void check(String name) {
            checks.add(name);
        }

        void error(String check, String message) {
            errors.add(check + ": " + message);
        }

        Verification verification() {
            return new Verification(List.copyOf(checks), List.of(), List.copyOf(errors),
                    List.copyOf(credentialSchemas));
        }
    }
}
