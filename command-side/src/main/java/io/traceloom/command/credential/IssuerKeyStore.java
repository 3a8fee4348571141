package io.traceloom.command.credential;

import io.traceloom.command.storage.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * One Ed25519 issuer key pair per tenant, created on first use, kept outside the event store: a file per
 * tenant whose private key is encrypted with AES-256-GCM under a master key (bound to the tenant as
 * associated data). The master key comes from configuration; without one, a random key is generated
 * into a file beside the keys, readable by the owner only. Private keys never leave this class but as
 * {@link KeyPair}s for signing.
 *
 * <p>Key files are written with {@link OwnerOnlyFiles#createNew}: complete and on disk before the key is
 * used (and before its {@code IssuerKeyCreated} is recorded), never replaced. Once a key is recorded,
 * only {@link #recorded} is asked for it, which never creates one: a missing key file is an error to
 * fix from a backup, not a reason for a second DID.
 */
public final class IssuerKeyStore {

    private static final String FORMAT = "traceloom-issuer-key-v1";
    private static final int NONCE_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path directory;
    private final SecretKey masterKey;
    private final Map<String, KeyPair> unlocked = new ConcurrentHashMap<>();

    private IssuerKeyStore(Path directory, SecretKey masterKey) {
        this.directory = directory;
        this.masterKey = masterKey;
    }

    /**
     * @param directory           where the key files live (created owner-only if missing)
     * @param configuredMasterKey a base64 AES-256 key, or blank to use (and create) {@code master.key}
     */
    public static IssuerKeyStore open(Path directory, String configuredMasterKey) {
        try {
            OwnerOnlyFiles.createDirectories(directory);
            OwnerOnlyFiles.removeLeftovers(directory);
            byte[] master = configuredMasterKey == null || configuredMasterKey.isBlank()
                    ? masterKeyFile(directory.resolve("master.key"))
                    : Base64.getDecoder().decode(configuredMasterKey.trim());
            if (master.length != 32) {
                throw new IllegalArgumentException("the credentials master key must be 32 bytes (base64)");
            }
            return new IssuerKeyStore(directory, new SecretKeySpec(master, "AES"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the issuer key store at " + directory, e);
        }
    }

    /**
     * The key pair of a tenant whose key is not recorded yet: the one stored by an earlier attempt that
     * did not get to record it, or a new one, stored before it is returned.
     */
    public KeyPair loadOrCreate(String tenantId) {
        return unlocked.computeIfAbsent(tenantId, tenant -> readOrCreate(tenant, true));
    }

    /**
     * The key pair of a tenant whose key is recorded as {@code did}. Never creates one.
     *
     * @throws IllegalStateException if its file is missing or unreadable
     */
    public KeyPair recorded(String tenantId, String did) {
        KeyPair pair = unlocked.computeIfAbsent(tenantId, tenant -> readOrCreate(tenant, false));
        if (pair == null) {
            throw new IllegalStateException("The issuer key of tenant " + tenantId + ", recorded as " + did
                    + ", is missing from " + directory + ". Restore the key directory from a backup: a new key "
                    + "would be a second identity for the same tenant, so none is created.");
        }
        return pair;
    }

    private KeyPair readOrCreate(String tenantId, boolean create) {
        Path file = directory.resolve(fileName(tenantId));
        try {
            if (!Files.exists(file)) {
                if (!create) {
                    return null;
                }
                KeyPair created = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
                try {
                    write(file, tenantId, created);
                    return created;
                } catch (FileAlreadyExistsException raced) {
                    // another process created it first: use theirs
                }
            }
            return read(file, tenantId);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the issuer key of tenant " + tenantId, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot unlock the issuer key of tenant " + tenantId
                    + " (wrong master key?)", e);
        }
    }

    private void write(Path file, String tenantId, KeyPair pair) throws IOException, GeneralSecurityException {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, masterKey, new GCMParameterSpec(128, nonce));
        cipher.updateAAD(tenantId.getBytes(StandardCharsets.UTF_8));
        byte[] sealed = cipher.doFinal(pair.getPrivate().getEncoded());
        Base64.Encoder base64 = Base64.getEncoder();
        String content = String.join("\n", FORMAT, base64.encodeToString(pair.getPublic().getEncoded()),
                base64.encodeToString(nonce), base64.encodeToString(sealed)) + "\n";
        OwnerOnlyFiles.createNew(file, content.getBytes(StandardCharsets.US_ASCII));
    }

    private KeyPair read(Path file, String tenantId) throws IOException, GeneralSecurityException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        if (lines.size() < 4 || !FORMAT.equals(lines.get(0))) {
            throw new IOException("not an issuer key file: " + file);
        }
        Base64.Decoder base64 = Base64.getDecoder();
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, masterKey, new GCMParameterSpec(128, base64.decode(lines.get(2))));
        cipher.updateAAD(tenantId.getBytes(StandardCharsets.UTF_8));
        byte[] privateKey = cipher.doFinal(base64.decode(lines.get(3)));
        KeyFactory ed25519 = KeyFactory.getInstance("Ed25519");
        return new KeyPair(ed25519.generatePublic(new X509EncodedKeySpec(base64.decode(lines.get(1)))),
                ed25519.generatePrivate(new PKCS8EncodedKeySpec(privateKey)));
    }

    /** Tenant ids are not trusted as file names. */
    private static String fileName(String tenantId) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(tenantId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash) + ".key";
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] masterKeyFile(Path file) throws IOException {
        if (!Files.exists(file)) {
            byte[] key = new byte[32];
            RANDOM.nextBytes(key);
            try {
                OwnerOnlyFiles.createNew(file, Base64.getEncoder().encode(key));
                return key;
            } catch (FileAlreadyExistsException raced) {
                // created meanwhile: read it
            }
        }
        return Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).trim());
    }
}
