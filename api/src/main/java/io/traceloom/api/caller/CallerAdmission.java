package io.traceloom.api.caller;

import java.util.Optional;

/**
 * Whether an authenticated caller may act: its tenant registered and enabled, itself a registered user of it,
 * not deleted. Asked on every request of a tenant in the {@code oidc} mode but the caller's own registration; the
 * tenant users feature answers it, so that this room knows no feature.
 */
public interface CallerAdmission {

    /**
     * Why a caller may not act.
     *
     * @param type   the problem's type, the part after {@code urn:traceloom:problem:}
     * @param title  the problem's title
     * @param detail why, in a sentence a client can show
     */
    record Refusal(String type, String title, String detail) {
    }

    /** Why this caller may not act; empty when it may. */
    Optional<Refusal> refusal(Caller caller);
}
