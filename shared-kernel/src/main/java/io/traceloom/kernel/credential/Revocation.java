package io.traceloom.kernel.credential;

import java.time.Instant;

/**
 * A credential's revocation.
 *
 * @param revokedNow whether this request revoked it (otherwise it was revoked before)
 * @param revokedAt  when it was revoked
 */
public record Revocation(String credentialId, String listId, int index, String purpose, Instant revokedAt,
                         boolean revokedNow) {
}
