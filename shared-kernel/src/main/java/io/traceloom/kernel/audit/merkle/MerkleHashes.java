package io.traceloom.kernel.audit.merkle;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The hashes of RFC 9162 §2.1.1 with SHA-256: the empty tree's, a leaf's ({@code SHA-256(0x00 || leaf)}) and an
 * interior node's ({@code SHA-256(0x01 || left || right)}); the prefixes keep a leaf from passing for a node.
 */
public final class MerkleHashes {

    /** The length of every hash, in bytes. */
    public static final int SIZE = 32;
    private static final HexFormat HEX = HexFormat.of();

    private MerkleHashes() {
    }

    /** MTH({}): the hash of an empty string. */
    public static byte[] emptyRoot() {
        return sha256().digest();
    }

    public static byte[] leaf(byte[] leafInput) {
        MessageDigest digest = sha256();
        digest.update((byte) 0x00);
        return digest.digest(leafInput);
    }

    public static byte[] node(byte[] left, byte[] right) {
        MessageDigest digest = sha256();
        digest.update((byte) 0x01);
        digest.update(left);
        return digest.digest(right);
    }

    /** A hash as JSON shows it: lowercase hexadecimal. */
    public static String hex(byte[] hash) {
        return HEX.formatHex(hash);
    }

    /**
     * A hash from its lowercase hexadecimal form.
     *
     * @throws IllegalArgumentException when it is not 64 lowercase hexadecimal digits
     */
    public static byte[] fromHex(String hex) {
        if (hex == null || !hex.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a SHA-256 hash is 64 lowercase hexadecimal digits");
        }
        return HEX.parseHex(hex);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
