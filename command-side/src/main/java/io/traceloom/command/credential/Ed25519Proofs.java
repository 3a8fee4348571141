package io.traceloom.command.credential;

import com.apicatalog.multibase.Multibase;

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
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Ed25519 proofs over canonical JSON-LD. Signs with the W3C Data Integrity cryptosuite
 * {@code eddsa-rdfc-2022}: Ed25519 over the SHA-256 hashes of the RDFC-1.0 canonical forms of the proof
 * configuration and of the document, in that order; the proof configuration carries the document's
 * {@code @context}, as the specification requires. Verifies those, and the older
 * {@code Ed25519Signature2020} proofs, which are made the same way under another proof type.
 */
public final class Ed25519Proofs {

    public static final String CRYPTOSUITE = "eddsa-rdfc-2022";
    public static final String PROOF_TYPE = "DataIntegrityProof";
    public static final String ED25519_SIGNATURE_2020 = "Ed25519Signature2020";
    public static final String ASSERTION = "assertionMethod";

    private final StrictCanonicalizer canonicalizer;

    public Ed25519Proofs(StrictCanonicalizer canonicalizer) {
        this.canonicalizer = canonicalizer;
    }

    /** The document with an embedded proof by the key pair, made at {@code created} (whole seconds). */
    public JsonObject sign(JsonObject unsecured, PrivateKey privateKey, PublicKey publicKey, Instant created)
            throws InvalidCredentialException {
        JsonObject options = JsonValues.object()
                .add("type", PROOF_TYPE)
                .add("cryptosuite", CRYPTOSUITE)
                .add("created", created.truncatedTo(ChronoUnit.SECONDS).toString())
                .add("verificationMethod", DidKey.verificationMethod(publicKey))
                .add("proofPurpose", ASSERTION)
                .build();
        byte[] signature = Ed25519.sign(privateKey, hashData(unsecured, options));
        JsonObject proof = JsonValues.object(options)
                .add("proofValue", Multibase.BASE_58_BTC.encode(signature))
                .build();
        return JsonValues.object(unsecured).add("proof", proof).build();
    }

    /** What a verifier found: the checks that passed, and the errors, each naming its check. */
    public record Verification(List<String> checks, List<String> warnings, List<String> errors) {
        public boolean verified() {
            return errors.isEmpty();
        }
    }

    /**
     * Checks a secured credential from anyone: its proof (cryptosuite, key, signature), that its issuer is
     * the key's controller, the proof purpose, its expiration, and strict JSON-LD. Never throws for a bad
     * credential; every finding is reported.
     */
    public Verification verify(JsonObject secured, Instant now) {
        List<String> checks = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        JsonValue proofValue = secured.get("proof");
        if (!(proofValue instanceof JsonObject proof)) {
            errors.add("proof: the credential has no single embedded proof");
            return new Verification(checks, warnings, errors);
        }
        String verificationMethod = string(proof, "verificationMethod");
        if (!isSupported(proof)) {
            errors.add("proof: supported are DataIntegrityProof with cryptosuite " + CRYPTOSUITE + ", and "
                    + ED25519_SIGNATURE_2020);
        } else if (verificationMethod == null || string(proof, "proofValue") == null) {
            errors.add("proof: verificationMethod and proofValue are required");
        } else {
            checkSignature(secured, proof, verificationMethod, checks, errors);
            checkIssuer(secured, verificationMethod, checks, errors);
        }
        if (ASSERTION.equals(string(proof, "proofPurpose"))) {
            checks.add("proofPurpose");
        } else {
            errors.add("proofPurpose: must be " + ASSERTION);
        }
        checkExpiration(secured, now, checks, errors);
        return new Verification(checks, warnings, errors);
    }

    private static boolean isSupported(JsonObject proof) {
        String type = string(proof, "type");
        return PROOF_TYPE.equals(type) && CRYPTOSUITE.equals(string(proof, "cryptosuite"))
                || ED25519_SIGNATURE_2020.equals(type);
    }

    private void checkSignature(JsonObject secured, JsonObject proof, String verificationMethod,
                                List<String> checks, List<String> errors) {
        try {
            PublicKey key = DidKey.publicKey(verificationMethod);
            JsonObjectBuilder options = JsonValues.object(proof);
            options.remove("proofValue");
            JsonObjectBuilder unsecured = JsonValues.object(secured);
            unsecured.remove("proof");
            byte[] signature = Multibase.BASE_58_BTC.decode(string(proof, "proofValue"));
            if (Ed25519.verify(key, hashData(unsecured.build(), options.build()), signature)) {
                checks.add("proof");
            } else {
                errors.add("proof: the signature does not match the credential");
            }
            checks.add("jsonld");
        } catch (InvalidCredentialException e) {
            errors.add("jsonld: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            errors.add("proof: " + e.getMessage());
        }
    }

    private static void checkIssuer(JsonObject secured, String verificationMethod, List<String> checks,
                                    List<String> errors) {
        JsonValue issuer = secured.get("issuer");
        String issuerId = issuer instanceof JsonString id ? id.getString()
                : issuer instanceof JsonObject object ? string(object, "id") : null;
        if (DidKey.controller(verificationMethod).equals(issuerId)) {
            checks.add("issuer");
        } else {
            errors.add("issuer: the issuer is not the controller of the proof's verification method");
        }
    }

    private static void checkExpiration(JsonObject secured, Instant now, List<String> checks, List<String> errors) {
        String expiration = string(secured, "expirationDate");
        if (expiration == null) {
            return;
        }
        try {
            // an xsd:dateTime with a zone: Z or an offset such as +01:00
            if (OffsetDateTime.parse(expiration).toInstant().isAfter(now)) {
                checks.add("expiration");
            } else {
                errors.add("expiration: the credential expired at " + expiration);
            }
        } catch (DateTimeParseException e) {
            errors.add("expiration: expirationDate is not a date-time");
        }
    }

    private byte[] hashData(JsonObject unsecured, JsonObject proofOptions) throws InvalidCredentialException {
        JsonObjectBuilder config = JsonValues.object(proofOptions);
        if (unsecured.containsKey("@context")) {
            config.add("@context", unsecured.get("@context"));
        }
        byte[] proofHash = sha256(canonicalizer.canonicalNQuads(config.build()));
        byte[] documentHash = sha256(canonicalizer.canonicalNQuads(unsecured));
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

    private static String string(JsonObject object, String key) {
        return object.get(key) instanceof JsonString value ? value.getString() : null;
    }
}
