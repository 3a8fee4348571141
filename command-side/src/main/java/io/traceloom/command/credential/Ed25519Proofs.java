package io.traceloom.command.credential;

import static io.traceloom.command.credential.ExpandedNode.CREDENTIALS;
import static io.traceloom.command.credential.ExpandedNode.SECURITY;
import static io.traceloom.command.credential.ExpandedNode.STATUS;
import static io.traceloom.command.credential.InvalidCredentialException.excerpt;

import com.apicatalog.multibase.Multibase;
import io.traceloom.command.credential.ExpandedNode.DateTime;
import io.traceloom.command.credential.StrictCanonicalizer.Canonical;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ed25519 proofs over canonical JSON-LD. Signs with the W3C Data Integrity cryptosuite
 * {@code eddsa-rdfc-2022}: Ed25519 over the SHA-256 hashes of the RDFC-1.0 canonical forms of the proof
 * configuration and of the document, in that order; the proof configuration carries the document's
 * {@code @context}, as the specification requires. Verifies those, and the older
 * {@code Ed25519Signature2020} proofs, which are made the same way under another proof type.
 * <p>
 * A document may carry several proofs (a proof set, the JSON array of {@code proof}); a proof that names
 * others in {@code previousProof} (a proof chain) signs the document together with those proofs, as Data
 * Integrity specifies, and verifies only when they exist in the set and verify too. One that signs the
 * document without them, as Digital Bazaar's libraries make chains, verifies with a warning.
 * <p>
 * Verification reads what it relies on (dates, issuer, proof type, cryptosuite, purpose, key, status) from
 * the data model the signature covers, and requires each in its one expected JSON form too: a date written
 * as an array or a value object, or given twice through an alias, is an error, never a pass.
 */
public final class Ed25519Proofs {

    public static final String CRYPTOSUITE = "eddsa-rdfc-2022";
    public static final String PROOF_TYPE = "DataIntegrityProof";
    public static final String ED25519_SIGNATURE_2020 = "Ed25519Signature2020";
    public static final String ASSERTION = "assertionMethod";
    /** The proof purposes a did:key verification method serves, and the IRIs the contexts give them. */
    public static final Map<String, String> PURPOSES = Map.of(
            ASSERTION, SECURITY + "assertionMethod",
            "authentication", SECURITY + "authenticationMethod",
            "capabilityInvocation", SECURITY + "capabilityInvocationMethod",
            "capabilityDelegation", SECURITY + "capabilityDelegationMethod");
    /** Proofs one document may carry: each costs two canonicalizations. */
    public static final int MAX_PROOFS = 8;

    /** base58btc of a 64-byte Ed25519 signature is at most 88 characters; decoding is quadratic in length. */
    private static final int MAX_PROOF_VALUE = 1 + 88;
    private static final int MAX_PROOF_ID = 512;
    private static final String DC_CREATED = "http://purl.org/dc/terms/created";
    private static final Pattern STATUS_INDEX = Pattern.compile("0|[1-9][0-9]{0,9}");

    private final StrictCanonicalizer canonicalizer;

    public Ed25519Proofs(StrictCanonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
    }

    /** The document with an embedded {@code assertionMethod} proof by the key pair, made at {@code created}. */
    public JsonObject sign(JsonObject unsecured, PrivateKey privateKey, PublicKey publicKey, Instant created,
                           WorkBudget budget) throws InvalidCredentialException {
        return sign(unsecured, new KeyPair(publicKey, privateKey), ProofSettings.assertion(created), budget);
    }

    /**
     * The document with one more proof by the key pair. A document without a proof gets one; one with a
     * proof or a set of them gets a set with the new proof last. With {@link ProofSettings#previousProof},
     * the new proof signs the document together with the proofs it names, which must be in its set.
     *
     * @throws InvalidCredentialException what would not be signed, naming the property
     */
    public JsonObject sign(JsonObject document, KeyPair key, ProofSettings settings, WorkBudget budget)
            throws InvalidCredentialException {
        List<JsonObject> existing = existingProofs(document);
        JsonObject unsecured = without(document, "proof");
        JsonObject signed = unsecured;
        if (!settings.previousProof().isEmpty()) {
            List<JsonObject> previous = new ArrayList<>();
            for (String id : settings.previousProof()) {
                previous.add(existing.stream().filter(proof -> id.equals(string(proof, "id"))).findFirst()
                        .orElseThrow(() -> new InvalidCredentialException("previousProof", "names no proof of the "
                                + "credential: " + excerpt(id))));
            }
            signed = withProofs(unsecured, previous);
        }
        JsonObjectBuilder options = JsonValues.object();
        if (settings.id() != null) {
            options.add("id", settings.id());
        }
        options.add("type", PROOF_TYPE)
                .add("cryptosuite", CRYPTOSUITE)
                .add("created", settings.created().truncatedTo(ChronoUnit.SECONDS).toString())
                .add("verificationMethod", DidKey.verificationMethod(key.getPublic()))
                .add("proofPurpose", settings.purpose());
        if (settings.previousProof().size() == 1) {
            options.add("previousProof", settings.previousProof().get(0));
        } else if (!settings.previousProof().isEmpty()) {
            JsonArrayBuilder ids = JsonValues.array();
            settings.previousProof().forEach(ids::add);
            options.add("previousProof", ids);
        }
        if (settings.challenge() != null) {
            options.add("challenge", settings.challenge());
        }
        if (settings.domain() != null) {
            options.add("domain", settings.domain());
        }
        JsonObject proofOptions = options.build();
        Canonical canonicalDocument = canonicalizer.canonicalize(signed, budget);
        Canonical config = canonicalizer.canonicalize(proofConfig(unsecured, proofOptions), budget);
        byte[] signature = Ed25519.sign(key.getPrivate(), hashData(config, canonicalDocument));
        JsonObject proof = JsonValues.object(proofOptions)
                .add("proofValue", Multibase.BASE_58_BTC.encode(signature))
                .build();
        List<JsonObject> all = new ArrayList<>(existing);
        all.add(proof);
        return JsonValues.object(unsecured).add("proof", all.size() == 1 ? all.get(0) : array(all)).build();
    }

    /** What a verifier asks of every proof: its purpose, and the challenge and domain when given. */
    public record Expectations(String purpose, String challenge, String domain) {
        public static final Expectations ASSERTION_METHOD = new Expectations(ASSERTION, null, null);
    }

    /**
     * A {@code BitstringStatusListEntry} of the credential, as the signed data model gives it.
     *
     * @param listCredential the URL of the status list credential
     * @param issuer         the credential's issuer, or {@code null} when it has none in the one expected form
     */
    public record StatusEntry(String purpose, long index, String listCredential, String issuer) {
    }

    /**
     * What a verifier found: the checks that passed, the errors, each naming its check, and what the credential
     * names for the caller to check where it can.
     *
     * @param statuses          its status entries, as signed
     * @param credentialSchemas the IRIs of the schemas the credential names in {@code credentialSchema}, as
     *                          signed: what its subject claims to satisfy
     */
    public record Verification(List<String> checks, List<String> warnings, List<String> errors,
                               List<StatusEntry> statuses, List<String> credentialSchemas) {
        public boolean verified() {
            return errors.isEmpty();
        }
    }

    public Verification verify(JsonObject secured, Instant now, WorkBudget budget) throws OverLimitException {
        return verify(secured, now, Expectations.ASSERTION_METHOD, budget);
    }

    /**
     * Checks a secured credential from anyone: strict JSON-LD, each of its proofs (type, cryptosuite, key,
     * signature, purpose, the proofs a chained one follows), that its issuer controls the key of one of them
     * (every proof must verify, so the issuer's too),
     * its validity period, and the form of its status entries. Every finding about the credential is
     * reported, none thrown.
     *
     * @throws OverLimitException when checking it would cost more than the budget allows
     */
    public Verification verify(JsonObject secured, Instant now, Expectations expected, WorkBudget budget)
            throws OverLimitException {
        Findings findings = new Findings();
        List<JsonObject> proofs = proofsToVerify(secured, findings);
        JsonObject unsecured = without(secured, "proof");
        Canonical document = canonical(unsecured, budget, findings);
        if (document == null) {
            return findings.verification();
        }
        findings.check("jsonld");
        if (proofs.isEmpty()) {
            checkCredentialModel(secured, document, List.of(), now, findings);
            return findings.verification();
        }
        Map<String, Integer> byId = new HashMap<>();
        for (int i = 0; i < proofs.size(); i++) {
            String id = string(proofs.get(i), "id");
            if (id != null && byId.putIfAbsent(id, i) != null) {
                findings.error("proof", "two proofs have the id " + excerpt(id));
            }
        }
        boolean[] verified = new boolean[proofs.size()];
        List<List<Integer>> follows = new ArrayList<>();
        List<String> signers = new ArrayList<>();
        boolean purposesMet = true;
        for (int i = 0; i < proofs.size(); i++) {
            String label = proofs.size() == 1 ? "proof" : "proof[" + i + "]";
            JsonObject proof = proofs.get(i);
            ProofFields fields = ProofFields.read(proof, label, findings);
            List<Integer> previous = previousProofs(proof, i, byId, label, findings, fields);
            follows.add(previous);
            Canonical signedDocument = document;
            if (!previous.isEmpty() && fields.complete()) {
                List<JsonObject> named = previous.stream().map(proofs::get).toList();
                signedDocument = canonical(withProofs(unsecured, named), budget, findings);
                if (signedDocument == null) {
                    fields.invalidate();
                }
            }
            Canonical config = canonical(proofConfig(unsecured, without(proof, "proofValue")), budget, findings);
            if (config == null) {
                fields.invalidate();
            }
            if (fields.complete()) {
                purposesMet &= checkProofModel(config, fields, label, expected, findings);
            } else {
                purposesMet = false;
            }
            if (fields.complete()) {
                // whose proof it claims to be, whether or not it holds: a failed signature is one error, not two
                signers.add(fields.verificationMethod);
                verified[i] = checkSignature(signedDocument, previous.isEmpty() ? null : document, config, fields,
                        label, findings);
            }
        }
        boolean allVerified = true;
        for (int i = 0; i < proofs.size(); i++) {
            for (int previous : follows.get(i)) {
                if (verified[i] && !verified[previous]) {
                    verified[i] = false;
                    findings.error(proofs.size() == 1 ? "proof" : "proof[" + i + "]", "the proof it follows ("
                            + excerpt(string(proofs.get(previous), "id")) + ") does not verify");
                }
            }
            allVerified &= verified[i];
        }
        if (allVerified) {
            findings.check("proof");
        }
        if (purposesMet) {
            findings.check("proofPurpose");
        }
        checkCredentialModel(secured, document, signers, now, findings);
        return findings.verification();
    }

    private static List<JsonObject> proofsToVerify(JsonObject secured, Findings findings) throws OverLimitException {
        JsonValue proof = secured.get("proof");
        if (proof == null) {
            findings.error("proof", "the credential has no proof");
            return List.of();
        }
        if (proof instanceof JsonObject object) {
            return List.of(object);
        }
        if (proof instanceof JsonArray array && !array.isEmpty()
                && array.stream().allMatch(item -> item instanceof JsonObject)) {
            if (array.size() > MAX_PROOFS) {
                throw new OverLimitException("proof", "has " + array.size() + " proofs, more than " + MAX_PROOFS);
            }
            return array.getValuesAs(JsonObject.class);
        }
        findings.error("proof", "must be a proof object, or an array of them");
        return List.of();
    }

    /** The indexes of the proofs a proof's {@code previousProof} names, each required to be in the set. */
    private static List<Integer> previousProofs(JsonObject proof, int self, Map<String, Integer> byId, String label,
                                                Findings findings, ProofFields fields) {
        JsonValue value = proof.get("previousProof");
        if (value == null) {
            return List.of();
        }
        List<String> ids = new ArrayList<>();
        if (value instanceof JsonString string) {
            ids.add(string.getString());
        } else if (value instanceof JsonArray array && !array.isEmpty()
                && array.stream().allMatch(item -> item instanceof JsonString)) {
            array.getValuesAs(JsonString.class).forEach(id -> ids.add(id.getString()));
        } else {
            findings.error(label, "previousProof must be a proof id, or an array of them");
            fields.invalidate();
            return List.of();
        }
        List<Integer> previous = new ArrayList<>();
        for (String id : ids) {
            Integer index = byId.get(id);
            if (index == null || index == self) {
                findings.error(label, "previousProof names no other proof of the credential: " + excerpt(id));
                fields.invalidate();
                return List.of();
            }
            previous.add(index);
        }
        return previous;
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

    /**
     * Whether the proof's signature matches the document. A chained proof signs the document with the proofs
     * it follows, as Data Integrity specifies; Digital Bazaar's libraries (jsonld-signatures, and the W3C test
     * suites built on them) sign it without any proof and only name the previous one. That form is accepted
     * ({@code withoutProofs}), with a warning: such a proof does not cover the one it follows, which must still
     * be in the set and verify.
     */
    private static boolean checkSignature(Canonical document, Canonical withoutProofs, Canonical config,
                                          ProofFields fields, String label, Findings findings) {
        PublicKey key;
        try {
            key = DidKey.publicKey(fields.verificationMethod);
        } catch (IllegalArgumentException e) {
            findings.error(label, "verificationMethod: " + e.getMessage());
            return false;
        }
        byte[] signature;
        try {
            signature = Multibase.BASE_58_BTC.decode(fields.proofValue);
        } catch (RuntimeException e) {
            findings.error(label, "proofValue is not multibase base58btc");
            return false;
        }
        if (signature.length == 64 && Ed25519.verify(key, hashData(config, document), signature)) {
            return true;
        }
        if (withoutProofs != null && signature.length == 64
                && Ed25519.verify(key, hashData(config, withoutProofs), signature)) {
            findings.warning(label, "signs the credential without the proofs its previousProof names, as Digital "
                    + "Bazaar's libraries make a chain; Data Integrity has a chained proof sign them too, so this one "
                    + "does not cover them: its chain rests on their ids alone");
            return true;
        }
        findings.error(label, "the signature does not match the credential");
        return false;
    }

    /**
     * The proof as signed: one type, the suite's cryptosuite, the key the JSON names, the purpose (and
     * challenge and domain) expected.
     *
     * @return whether the purpose is the expected one
     */
    private static boolean checkProofModel(Canonical config, ProofFields fields, String label, Expectations expected,
                                           Findings findings) {
        Optional<ExpandedNode> only = ExpandedNode.only(config.expanded());
        if (only.isEmpty()) {
            findings.error(label, "must describe one proof");
            fields.invalidate();
            return false;
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
            if (proof.onlyDateTime(DC_CREATED, "created").isEmpty() && fields.created != null) {
                throw new IllegalArgumentException("created is not in the signed data");
            }
            // what was asked of the proof, unlike its form, leaves its signature worth checking
            checkExpected(proof, SECURITY + "challenge", "challenge", fields.challenge, expected.challenge())
                    .ifPresent(unmet -> findings.error(label, unmet));
            checkExpected(proof, SECURITY + "domain", "domain", fields.domain, expected.domain())
                    .ifPresent(unmet -> findings.error(label, unmet));
        } catch (IllegalArgumentException e) {
            findings.error(label, e.getMessage());
            fields.invalidate();
            return false;
        }
        String purpose = expected.purpose() == null ? ASSERTION : expected.purpose();
        try {
            String signed = proof.onlyReference(SECURITY + "proofPurpose", "proofPurpose");
            if (signed.equals(PURPOSES.get(purpose)) && purpose.equals(fields.proofPurpose)) {
                return true;
            }
            findings.error("proofPurpose", (label.equals("proof") ? "" : label + ": ") + "must be " + purpose
                    + ", not " + excerpt(fields.proofPurpose));
        } catch (IllegalArgumentException e) {
            findings.error("proofPurpose", e.getMessage());
        }
        return false;
    }

    /**
     * A challenge or domain: one plain string when the proof has one (else thrown), and the expected one when
     * one is expected (else what is unmet).
     */
    private static Optional<String> checkExpected(ExpandedNode proof, String property, String name, String json,
                                                  String expected) {
        Optional<String> signed = proof.onlyString(property, name);
        if (!signed.equals(Optional.ofNullable(json))) {
            throw new IllegalArgumentException(name + " must be a single string");
        }
        if (expected != null && !signed.equals(Optional.of(expected))) {
            return Optional.of(name + " must be " + excerpt(expected));
        }
        return Optional.empty();
    }

    /** The credential as signed: its type, issuer, validity period and status entries, from the data model. */
    private static void checkCredentialModel(JsonObject secured, Canonical document, List<String> signers,
                                             Instant now, Findings findings) {
        Optional<ExpandedNode> only = ExpandedNode.only(document.expanded());
        if (only.isEmpty()) {
            findings.error("credential", "must describe one credential");
            return;
        }
        ExpandedNode credential = only.get();
        if (!credential.types().contains(CREDENTIALS + "VerifiableCredential")) {
            findings.error("type", "must include VerifiableCredential");
        }
        checkIssuer(secured, credential, signers, findings);
        readCredentialSchemas(credential, findings);
        boolean v2 = ContextDocuments.CREDENTIALS_V2.equals(firstContext(secured));
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
                findings.credentialSchemas.add(id.getString());
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

    private static void checkIssuer(JsonObject secured, ExpandedNode credential, List<String> signers,
                                    Findings findings) {
        JsonValue issuer = secured.get("issuer");
        boolean jsonForm = issuer instanceof JsonString
                || issuer instanceof JsonObject object && object.get("id") instanceof JsonString;
        try {
            String issuerId = credential.onlyReference(CREDENTIALS + "issuer", "issuer");
            if (!jsonForm) {
                findings.error("issuer", "must be a string, or an object with an id");
            } else if (signers.stream().anyMatch(method -> DidKey.controller(method).equals(issuerId))) {
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

    /** The proof configuration: the proof without its value, under the document's contexts. */
    private static JsonObject proofConfig(JsonObject unsecured, JsonObject proofOptions) {
        JsonObjectBuilder config = JsonValues.object(proofOptions);
        if (unsecured.containsKey("@context")) {
            config.add("@context", unsecured.get("@context"));
        }
        return config.build();
    }

    private static List<JsonObject> existingProofs(JsonObject document) throws InvalidCredentialException {
        JsonValue proof = document.get("proof");
        if (proof == null) {
            return List.of();
        }
        if (proof instanceof JsonObject object) {
            return List.of(object);
        }
        if (proof instanceof JsonArray array && array.stream().allMatch(item -> item instanceof JsonObject)) {
            if (array.size() >= MAX_PROOFS) {
                throw new OverLimitException("proof", "has " + array.size() + " proofs already; at most "
                        + MAX_PROOFS + " are verified");
            }
            return array.getValuesAs(JsonObject.class);
        }
        throw new InvalidCredentialException("proof", "must be a proof object, or an array of them");
    }

    /** The document with {@code proof} set to the given proofs: what a chained proof signs. */
    private static JsonObject withProofs(JsonObject unsecured, List<JsonObject> proofs) {
        return JsonValues.object(unsecured).add("proof", proofs.size() == 1 ? proofs.get(0) : array(proofs)).build();
    }

    private static JsonArray array(List<JsonObject> items) {
        JsonArrayBuilder array = JsonValues.array();
        items.forEach(array::add);
        return array.build();
    }

    private static JsonObject without(JsonObject object, String key) {
        if (!object.containsKey(key)) {
            return object;
        }
        JsonObjectBuilder builder = JsonValues.object(object);
        builder.remove(key);
        return builder.build();
    }

    private static String string(JsonObject object, String key) {
        return object.get(key) instanceof JsonString string ? string.getString() : null;
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
        String created;
        String challenge;
        String domain;
        private boolean valid = true;

        static ProofFields read(JsonObject proof, String label, Findings findings) throws OverLimitException {
            ProofFields fields = new ProofFields();
            fields.type = single(proof, "type", label, findings, fields);
            fields.proofPurpose = single(proof, "proofPurpose", label, findings, fields);
            fields.verificationMethod = single(proof, "verificationMethod", label, findings, fields);
            fields.proofValue = single(proof, "proofValue", label, findings, fields);
            fields.created = single(proof, "created", label, findings, fields);
            fields.challenge = single(proof, "challenge", label, findings, fields);
            fields.domain = single(proof, "domain", label, findings, fields);
            String cryptosuite = single(proof, "cryptosuite", label, findings, fields);
            String id = single(proof, "id", label, findings, fields);
            if (fields.valid && !(PROOF_TYPE.equals(fields.type) && CRYPTOSUITE.equals(cryptosuite)
                    || ED25519_SIGNATURE_2020.equals(fields.type) && cryptosuite == null)) {
                findings.error(label, "supported are " + PROOF_TYPE + " with cryptosuite " + CRYPTOSUITE
                        + ", and " + ED25519_SIGNATURE_2020);
                fields.valid = false;
            }
            if (fields.valid && (fields.verificationMethod == null || fields.proofValue == null
                    || fields.proofPurpose == null)) {
                findings.error(label, "verificationMethod, proofPurpose and proofValue are required");
                fields.valid = false;
            }
            // bounded before any decoding: base58 decoding takes time quadratic in the length
            if (fields.proofValue != null && fields.proofValue.length() > MAX_PROOF_VALUE) {
                throw new OverLimitException(label + ".proofValue", "longer than an Ed25519 signature ("
                        + MAX_PROOF_VALUE + " characters)");
            }
            if (fields.verificationMethod != null && fields.verificationMethod.length() > DidKey.MAX_LENGTH) {
                throw new OverLimitException(label + ".verificationMethod", "longer than an Ed25519 did:key ("
                        + DidKey.MAX_LENGTH + " characters)");
            }
            if (id != null && id.length() > MAX_PROOF_ID) {
                throw new OverLimitException(label + ".id", "longer than " + MAX_PROOF_ID + " characters");
            }
            if (fields.valid && !fields.proofValue.startsWith("z")) {
                findings.error(label, "proofValue must be multibase base58btc (starting with z)");
                fields.valid = false;
            }
            return fields;
        }

        private static String single(JsonObject proof, String name, String label, Findings findings,
                                     ProofFields fields) {
            JsonValue value = proof.get(name);
            if (value == null) {
                return null;
            }
            if (value instanceof JsonString string) {
                return string.getString();
            }
            findings.error(label, name + " must be a single string");
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
        private final Set<String> checks = new LinkedHashSet<>();
        private final List<String> warnings = new ArrayList<>();
        private final List<String> errors = new ArrayList<>();
        private final List<StatusEntry> statuses = new ArrayList<>();
        private final List<String> credentialSchemas = new ArrayList<>();

        void check(String name) {
            checks.add(name);
        }

        void warning(String check, String message) {
            warnings.add(check + ": " + message);
        }

        void error(String check, String message) {
            errors.add(check + ": " + message);
        }

        void status(StatusEntry entry) {
            statuses.add(entry);
        }

        Verification verification() {
            return new Verification(List.copyOf(checks), List.copyOf(warnings), List.copyOf(errors),
                    List.copyOf(statuses), List.copyOf(credentialSchemas));
        }
    }
}
