package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.model.ExpandedNode.SECURITY;
import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;
import static io.traceloom.command.credential.proof.Ed25519Proofs.ASSERTION;
import static io.traceloom.command.credential.proof.Ed25519Proofs.CRYPTOSUITE;
import static io.traceloom.command.credential.proof.Ed25519Proofs.ED25519_SIGNATURE_2020;
import static io.traceloom.command.credential.proof.Ed25519Proofs.PROOF_TYPE;
import static io.traceloom.command.credential.proof.Ed25519Proofs.PURPOSES;

import com.apicatalog.multibase.Multibase;
import io.traceloom.command.credential.model.ExpandedNode;
import io.traceloom.command.credential.model.Findings;
import io.traceloom.command.credential.proof.Ed25519Proofs.Expectations;
import io.traceloom.command.credential.proof.StrictCanonicalizer.Canonical;
import java.security.PublicKey;
import java.util.List;
import java.util.Optional;

/** What verifying one proof checks besides the credential: its signature, and its form in the signed data. */
final class ProofChecks {

    private static final String DC_CREATED = "http://purl.org/dc/terms/created";

    private ProofChecks() {
    }

    /**
     * Whether the proof's signature matches the document. A chained proof signs the document with the proofs
     * it follows, as Data Integrity specifies; Digital Bazaar's libraries (jsonld-signatures, and the W3C test
     * suites built on them) sign it without any proof and only name the previous one. That form is accepted
     * ({@code withoutProofs}), with a warning: such a proof does not cover the one it follows, which must still
     * be in the set and verify.
     */
    static boolean checkSignature(Canonical document, Canonical withoutProofs, Canonical config,
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
        if (signature.length == 64 && Ed25519.verify(key, ProofDocuments.hashData(config, document), signature)) {
            return true;
        }
        if (withoutProofs != null && signature.length == 64
                && Ed25519.verify(key, ProofDocuments.hashData(config, withoutProofs), signature)) {
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
    static boolean checkProofModel(Canonical config, ProofFields fields, String label, Expectations expected,
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
}
