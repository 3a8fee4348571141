package io.traceloom.kernel.custody;

import io.traceloom.kernel.message.AggregateIds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * A custody commission's identifier names at most one commission of its tenant. One aggregate per identifier
 * and tenant holds the claim: the event store's unique (aggregate, sequence) lets only one of two concurrent
 * claims win, in one process or several; and it is how a consume finds the commission without a query.
 */
public final class CustodyIdentifiers {

    private CustodyIdentifiers() {
    }

    /** The identifier is hashed: it may hold ':' and be longer than an aggregate identifier may be. */
    public static String aggregateId(String tenantId, String identifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identifier.getBytes(StandardCharsets.UTF_8));
            return AggregateIds.tenantScoped("custody-identifier", tenantId,
                    Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
