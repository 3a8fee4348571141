package io.traceloom.command.credential.proof;

import com.apicatalog.multibase.Multibase;
import io.traceloom.command.credential.model.InvalidCredentialException;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code did:key} identifiers of Ed25519 public keys: multibase base58btc of the multicodec
 * {@code ed25519-pub} prefix (0xed 0x01) and the 32 raw key bytes. Resolved locally: the key is in the id.
 */
public final class DidKey {

    /**
     * The longest verification method of an Ed25519 did:key, {@code did:key:z…#z…} (48 characters a key),
     * with room to spare. Longer ones are refused before decoding: base58 decoding is quadratic in length.
     */
    public static final int MAX_LENGTH = 128;

    private static final byte[] ED25519_PUB = {(byte) 0xed, 0x01};
    /**
     * Keys already decoded, by the id they were decoded from: verifiers meet the same few issuers again and
     * again, and base58 decoding and the JDK's key factory cost as much as a tenth of a verification.
     * Only valid keys are kept, and at most this many.
     */
    private static final int KNOWN_KEYS = 4096;
    private static final Map<String, PublicKey> KNOWN = new ConcurrentHashMap<>();
    /** The DER prefix of an X.509 SubjectPublicKeyInfo for Ed25519, before the 32 raw key bytes. */
    private static final byte[] X509_PREFIX = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

    private DidKey() {
    }

    /** The multibase public key, e.g. {@code z6Mk...}. */
    public static String multibase(PublicKey publicKey) {
        byte[] encoded = publicKey.getEncoded();
        byte[] raw = Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
        byte[] multicodec = new byte[34];
        System.arraycopy(ED25519_PUB, 0, multicodec, 0, 2);
        System.arraycopy(raw, 0, multicodec, 2, 32);
        return Multibase.BASE_58_BTC.encode(multicodec);
    }

    public static String did(PublicKey publicKey) {
        return "did:key:" + multibase(publicKey);
    }

    /** The verification method of the key: {@code did:key:z...#z...}. */
    public static String verificationMethod(PublicKey publicKey) {
        String key = multibase(publicKey);
        return "did:key:" + key + "#" + key;
    }

    /**
     * The Ed25519 public key of a {@code did:key} id or verification method.
     *
     * @throws IllegalArgumentException when it is not an Ed25519 {@code did:key}
     */
    public static PublicKey publicKey(String didOrVerificationMethod) {
        PublicKey known = KNOWN.get(didOrVerificationMethod);
        if (known != null) {
            return known;
        }
        PublicKey key = decode(didOrVerificationMethod);
        if (KNOWN.size() < KNOWN_KEYS) {
            KNOWN.put(didOrVerificationMethod, key);
        }
        return key;
    }

    private static PublicKey decode(String didOrVerificationMethod) {
        if (didOrVerificationMethod.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("longer than an Ed25519 did:key");
        }
        String did = controller(didOrVerificationMethod);
        if (!did.startsWith("did:key:z")) {
            throw new IllegalArgumentException("not a did:key of a base58btc key (did:key:z…): " + excerpt(did));
        }
        String key = did.substring("did:key:".length());
        if (!did.equals(didOrVerificationMethod) && !didOrVerificationMethod.equals(did + "#" + key)) {
            throw new IllegalArgumentException("the fragment does not name the key of " + excerpt(did));
        }
        byte[] multicodec;
        try {
            multicodec = Multibase.BASE_58_BTC.decode(key);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(excerpt(did) + " is not base58btc", e);
        }
        if (multicodec.length != 34 || multicodec[0] != ED25519_PUB[0] || multicodec[1] != ED25519_PUB[1]) {
            throw new IllegalArgumentException(excerpt(did) + " is not an Ed25519 did:key (the multicodec "
                    + "ed25519-pub and 32 bytes)");
        }
        byte[] raw = Arrays.copyOfRange(multicodec, 2, 34);
        if (!Ed25519.isPublicKey(raw)) {
            throw new IllegalArgumentException(excerpt(did) + " is not an Ed25519 public key: its 32 bytes are "
                    + "not a point of the curve's prime-order group");
        }
        byte[] x509 = new byte[X509_PREFIX.length + 32];
        System.arraycopy(X509_PREFIX, 0, x509, 0, X509_PREFIX.length);
        System.arraycopy(raw, 0, x509, X509_PREFIX.length, 32);
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(x509));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(excerpt(did) + " is not an Ed25519 public key", e);
        }
    }

    private static String excerpt(String text) {
        return InvalidCredentialException.excerpt(text, 80);
    }

    /** The DID of a verification method: the part before {@code #}. */
    public static String controller(String verificationMethod) {
        int fragment = verificationMethod.indexOf('#');
        return fragment < 0 ? verificationMethod : verificationMethod.substring(0, fragment);
    }
}
