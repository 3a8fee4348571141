package io.traceloom.kernel.linkset;

import io.traceloom.kernel.message.AggregateIds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * A GS1 Digital Link key ({@code 01/09506000134352/10/LOT1}, see {@link DigitalLink#key()}) names at most
 * one link set in the whole service, since the public resolver can give only one answer for it. One
 * aggregate per key holds the claim; the event store's unique (aggregate, sequence) lets only one of two
 * concurrent claims win, in one process or several.
 */
public final class DigitalLinkKeys {

    private DigitalLinkKeys() {
    }

    /** The key is hashed: it may hold ':' and be longer than an aggregate identifier may be. */
    public static String aggregateId(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return AggregateIds.serviceWide("digital-link-key", Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
