package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.model.ExpandedNode.SECURITY;
import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;
import static io.traceloom.command.credential.proof.ProofDocuments.array;
import static io.traceloom.command.credential.proof.ProofDocuments.existingProofs;
import static io.traceloom.command.credential.proof.ProofDocuments.hashData;
import static io.traceloom.command.credential.proof.ProofDocuments.proofConfig;
import static io.traceloom.command.credential.proof.ProofDocuments.string;
import static io.traceloom.command.credential.proof.ProofDocuments.withProofs;
import static io.traceloom.command.credential.proof.ProofDocuments.without;

import com.apicatalog.multibase.Multibase;
import io.traceloom.command.credential.model.CredentialModel;
import io.traceloom.command.credential.model.Findings;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.model.StatusEntry;
import io.traceloom.command.credential.proof.StrictCanonicalizer.Canonical;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
            return verification(findings);
        }
        findings.check("jsonld");
        if (proofs.isEmpty()) {
            CredentialModel.check(secured, document.expanded(), List.of(), now, findings);
            return verification(findings);
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
                purposesMet &= ProofChecks.checkProofModel(config, fields, label, expected, findings);
            } else {
                purposesMet = false;
            }
            if (fields.complete()) {
                // whose proof it claims to be, whether or not it holds: a failed signature is one error, not two
                signers.add(fields.verificationMethod);
                verified[i] = ProofChecks.checkSignature(signedDocument, previous.isEmpty() ? null : document,
                        config, fields, label, findings);
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
        CredentialModel.check(secured, document.expanded(), signers.stream().map(DidKey::controller).toList(), now,
                findings);
        return verification(findings);
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

    private static Verification verification(Findings findings) {
        return new Verification(findings.checks(), findings.warnings(), findings.errors(), findings.statuses(),
                findings.credentialSchemas());
    }
}
