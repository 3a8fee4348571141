package io.traceloom.command.credential.proof;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;

/**
 * Ed25519 signatures with BouncyCastle's implementation, several times faster than the JDK's. Keys stay
 * JDK keys everywhere else; only their raw 32 bytes (the last 32 of their standard encodings) cross over.
 */
final class Ed25519 {

    private Ed25519() {
    }

    static byte[] sign(PrivateKey key, byte[] message) {
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, new Ed25519PrivateKeyParameters(raw(key.getEncoded()), 0));
        signer.update(message, 0, message.length);
        return signer.generateSignature();
    }

    static boolean verify(PublicKey key, byte[] message, byte[] signature) {
        Ed25519Signer verifier = new Ed25519Signer();
        verifier.init(false, new Ed25519PublicKeyParameters(raw(key.getEncoded()), 0));
        verifier.update(message, 0, message.length);
        return verifier.verifySignature(signature);
    }

    /**
     * Whether 32 bytes are an Ed25519 public key: the canonical encoding of a point of the curve in its
     * prime-order group, as every key made from a private key is. Anything else (no point at all, a point of
     * small order, one with a torsion part) is no one's key, and BouncyCastle refuses some of them with an
     * exception where it would verify.
     */
    static boolean isPublicKey(byte[] raw) {
        return raw.length == Ed25519PublicKeyParameters.KEY_SIZE
                && org.bouncycastle.math.ec.rfc8032.Ed25519.validatePublicKeyFull(raw, 0);
    }

    /** PKCS#8 and X.509 encodings of Ed25519 keys end with the 32 raw key bytes. */
    private static byte[] raw(byte[] encoded) {
        return Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
    }
}
