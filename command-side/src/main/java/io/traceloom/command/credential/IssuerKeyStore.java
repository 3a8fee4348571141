package io.traceloom.command.credential;

import io.traceloom.command.storage.OwnerOnlyDirectoryRecords;
import io.traceloom.command.storage.OwnerOnlyFiles;
import io.traceloom.command.storage.WriteOnceRecords;
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
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * One Ed25519 issuer key pair per tenant, created on first use, kept outside the event store: a record per
 * tenant (an envelope) whose private key is encrypted with AES-256-GCM under a master key (bound to the tenant
 * as associated data). The master key comes from configuration; without one, a random key is generated into a
 * file of the key directory, readable by the owner only. Private keys never leave this class but as
 * {@link KeyPair}s for signing.
 *
 * <p>The envelopes are {@link WriteOnceRecords}: files of the key directory on the embedded default, or, where
 * the processes of a deployment share a MongoDB, a collection of it, so that every process signs for a tenant
 * with the same key (one tenant, one DID). An envelope is stored complete and durable before its key is used
 * (and before its {@code IssuerKeyCreated} is recorded), and never replaced: when two processes create a
 * tenant's key at once, one envelope is stored and both use it. Once a key is recorded, only {@link #recorded}
 * is asked for it, which never creates one: a missing envelope is an error to fix from a backup, not a reason
 * for a second DID.
 */
public final class IssuerKeyStore {

    private static final String FORMAT = "traceloom-issuer-key-v1";
    private static final int NONCE_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final WriteOnceRecords envelopes;
    private final SecretKey masterKey;
    private final Map<String, KeyPair> unlocked = new ConcurrentHashMap<>();

    private IssuerKeyStore(WriteOnceRecords envelopes, SecretKey masterKey) {
        this.envelopes = envelopes;
        this.masterKey = masterKey;
    }

    /**
     * Envelopes as files of a directory, the master key from configuration or that directory's {@code master.key}.
     *
     * @param directory           where the key files live (created owner-only if missing)
     * @param configuredMasterKey a base64 AES-256 key, or blank to use (and create) {@code master.key}
     */
    public static IssuerKeyStore open(Path directory, String configuredMasterKey) {
        try {
            return open(new OwnerOnlyDirectoryRecords(directory), directory, configuredMasterKey);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the issuer key store at " + directory, e);
        }
    }

    /**
     * @param envelopes           where the envelopes are kept
     * @param directory           where {@code master.key} is kept when none is configured (created owner-only)
     * @param configuredMasterKey a base64 AES-256 key, or blank to use (and create) {@code master.key}
     */
    public static IssuerKeyStore open(WriteOnceRecords envelopes, Path directory, String configuredMasterKey) {
        try {
            byte[] master;
            if (configuredMasterKey == null || configuredMasterKey.isBlank()) {
                OwnerOnlyFiles.createDirectories(directory);
                master = masterKeyFile(directory.resolve("master.key"));
            } else {
                master = Base64.getDecoder().decode(configuredMasterKey.trim());
            }
            if (master.length != 32) {
                throw new IllegalArgumentException("the credentials master key must be 32 bytes (base64)");
            }
            return new IssuerKeyStore(envelopes, new SecretKeySpec(master, "AES"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the issuer key store's master key in " + directory, e);
        }
    }

    /** Where the envelopes are kept. */
    public String where() {
        return envelopes.where();
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
                    + ", is missing from " + envelopes.where() + ". Restore the keys from a backup: a new key "
                    + "would be a second identity for the same tenant, so none is created.");
        }
        return pair;
    }

    private KeyPair readOrCreate(String tenantId, boolean create) {
        String name = recordName(tenantId);
        try {
            Optional<byte[]> stored = envelopes.read(name);
            if (stored.isEmpty()) {
                if (!create) {
                    return null;
                }
                KeyPair created = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
                byte[] ours = seal(tenantId, created);
                byte[] kept = envelopes.createIfAbsent(name, ours);
                // another process may have created it first: then use theirs
                return Arrays.equals(kept, ours) ? created : open(kept, tenantId);
            }
            return open(stored.get(), tenantId);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the issuer key of tenant " + tenantId + " in "
                    + envelopes.where(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot unlock the issuer key of tenant " + tenantId
                    + " (wrong master key?)", e);
        }
    }

    private byte[] seal(String tenantId, KeyPair pair) throws GeneralSecurityException {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, masterKey, new GCMParameterSpec(128, nonce));
        cipher.updateAAD(tenantId.getBytes(StandardCharsets.UTF_8));
        byte[] sealed = cipher.doFinal(pair.getPrivate().getEncoded());
        Base64.Encoder base64 = Base64.getEncoder();
        String content = String.join("\n", FORMAT, base64.encodeToString(pair.getPublic().getEncoded()),
                base64.encodeToString(nonce), base64.encodeToString(sealed)) + "\n";
        return content.getBytes(StandardCharsets.US_ASCII);
    }

    private KeyPair open(byte[] envelope, String tenantId) throws IOException, GeneralSecurityException {
        List<String> lines = new String(envelope, StandardCharsets.US_ASCII).lines().toList();
        if (lines.size() < 4 || !FORMAT.equals(lines.get(0))) {
            throw new IOException("not an issuer key envelope: tenant " + tenantId + " in " + envelopes.where());
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

    /** Tenant ids are not trusted as file names (nor as any other storage's names). */
    private static String recordName(String tenantId) {
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
