package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.proof.Ed25519Proofs.MAX_PROOFS;

import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.proof.StrictCanonicalizer.Canonical;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.List;

/**
 * The documents a Data Integrity proof is made over, and the bytes it signs: the proof configuration, the
 * document with the proofs a chained proof follows, and the hash data of the two canonical forms.
 */
final class ProofDocuments {

    private ProofDocuments() {
    }

    /** The proof configuration: the proof without its value, under the document's contexts. */
    static JsonObject proofConfig(JsonObject unsecured, JsonObject proofOptions) {
        JsonObjectBuilder config = JsonValues.object(proofOptions);
        if (unsecured.containsKey("@context")) {
            config.add("@context", unsecured.get("@context"));
        }
        return config.build();
    }

    static List<JsonObject> existingProofs(JsonObject document) throws InvalidCredentialException {
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
    static JsonObject withProofs(JsonObject unsecured, List<JsonObject> proofs) {
        return JsonValues.object(unsecured).add("proof", proofs.size() == 1 ? proofs.get(0) : array(proofs)).build();
    }

    static JsonArray array(List<JsonObject> items) {
        JsonArrayBuilder array = JsonValues.array();
        items.forEach(array::add);
        return array.build();
    }

    static JsonObject without(JsonObject object, String key) {
        if (!object.containsKey(key)) {
            return object;
        }
        JsonObjectBuilder builder = JsonValues.object(object);
        builder.remove(key);
        return builder.build();
    }

    static String string(JsonObject object, String key) {
        return object.get(key) instanceof JsonString string ? string.getString() : null;
    }

    static byte[] hashData(Canonical config, Canonical document) {
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
}
