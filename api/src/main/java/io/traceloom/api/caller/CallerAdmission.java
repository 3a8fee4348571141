package io.traceloom.api.caller;

import java.util.Optional;

/**
 * Whether an authenticated caller may act: its tenant registered and enabled, itself not deleted. Asked on
 * every request of a tenant in the {@code oidc} mode; the tenant users feature answers it, so that this room
 * knows no feature.
 */
public interface CallerAdmission {

    /** Why this caller may not act, in a sentence a client can show; empty when it may. */
    Optional<String> refusal(Caller caller);
}
