package io.traceloom.api.caller;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * The ids this service gives the tenants and users an identity provider names: name-based UUIDs (RFC 9562
 * version 5, SHA-1) in a namespace of Traceloom's own. The same external id always gives the same UUID, on
 * every instance, without a lookup; a user's is named after its tenant too, so the same subject in two
 * tenants is two users.
 */
public final class Identities {

    /** Traceloom's namespace for name-based ids. Never change it: every id derived from it would change. */
    static final UUID NAMESPACE = UUID.fromString("5d8e1c7a-3f2b-4a69-8e4d-0c9b7a6f5e31");

    private Identities() {
    }

    /** The id of the tenant the identity provider calls {@code externalTenantId}. */
    public static String tenantId(String externalTenantId) {
        return nameBased("tenant:" + externalTenantId).toString();
    }

    /** The id of the user the identity provider calls {@code subject}, in the tenant {@code tenantId}. */
    public static String userId(String tenantId, String subject) {
        return nameBased("user:" + tenantId + ":" + subject).toString();
    }

    static UUID nameBased(String name) {
        return nameBased(NAMESPACE, name);
    }

    /** RFC 9562's version 5: SHA-1 of the namespace's bytes and the name's UTF-8, version and variant set. */
    static UUID nameBased(UUID namespace, String name) {
        MessageDigest sha1;
        try {
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-1", e);
        }
        sha1.update(ByteBuffer.allocate(16).putLong(namespace.getMostSignificantBits())
                .putLong(namespace.getLeastSignificantBits()).array());
        byte[] hash = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
        hash[6] = (byte) ((hash[6] & 0x0f) | 0x50);
        hash[8] = (byte) ((hash[8] & 0x3f) | 0x80);
        ByteBuffer bits = ByteBuffer.wrap(hash, 0, 16);
        return new UUID(bits.getLong(), bits.getLong());
    }
}
