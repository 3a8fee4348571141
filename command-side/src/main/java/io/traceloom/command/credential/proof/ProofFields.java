package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.proof.Ed25519Proofs.CRYPTOSUITE;
import static io.traceloom.command.credential.proof.Ed25519Proofs.ED25519_SIGNATURE_2020;
import static io.traceloom.command.credential.proof.Ed25519Proofs.PROOF_TYPE;

import io.traceloom.command.credential.model.Findings;
import io.traceloom.command.credential.model.OverLimitException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/** The proof's fields as the JSON gives them, each required to be one string. */
final class ProofFields {

    /** base58btc of a 64-byte Ed25519 signature is at most 88 characters; decoding is quadratic in length. */
    private static final int MAX_PROOF_VALUE = 1 + 88;
    private static final int MAX_PROOF_ID = 512;

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
