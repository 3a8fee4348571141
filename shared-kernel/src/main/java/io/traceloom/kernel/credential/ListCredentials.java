package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * The tenant's issued credentials, newest first; answered with a {@link CredentialPage}. Every filter may be
 * {@code null}.
 *
 * @param type    only those with this type
 * @param subject only those about this subject ({@code credentialSubject.id})
 * @param status  only those in this state at {@code now}
 */
public record ListCredentials(String tenantId, int page, int limit, String type, String subject, Status status,
                              Instant now) implements TenantScoped {

    public enum Status {
        /** neither revoked nor expired */
        ACTIVE,
        REVOKED,
        EXPIRED
    }
}
