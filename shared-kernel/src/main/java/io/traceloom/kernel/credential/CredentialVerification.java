package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.Rejection;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks that passed, warnings, and errors (each naming its check, e.g. {@code proof: ...}); or, for a
 * credential the verifier would not check at all because it is over a limit, the refusal.
 *
 * @param statuses the status entries that name a status list of this service: checking them is left to
 *                 whoever can read the lists (entries of other services' lists are warnings already)
 * @param refusal  why the credential was not checked, or {@code null} when it was
 */
public record CredentialVerification(List<String> checks, List<String> warnings, List<String> errors,
                                     List<StatusReference> statuses, Rejection refusal) {

    public CredentialVerification(List<String> checks, List<String> warnings, List<String> errors) {
        this(checks, warnings, errors, List.of(), null);
    }

    public static CredentialVerification refused(Rejection refusal) {
        return new CredentialVerification(List.of(), List.of(), List.of(), List.of(), refusal);
    }

    public boolean verified() {
        return refusal == null && errors.isEmpty();
    }

    /**
     * A {@code BitstringStatusListEntry} naming a list of this service.
     *
     * @param listId  the list's id, the last segment of its URL
     * @param index   the credential's position in the list
     * @param purpose the entry's {@code statusPurpose}
     * @param issuer  the credential's issuer, who must be the list's
     */
    public record StatusReference(String listId, long index, String purpose, String issuer) {
    }

    /** This verification with the findings of checking its status references added. */
    public CredentialVerification withStatus(List<String> moreChecks, List<String> moreErrors) {
        List<String> allChecks = new ArrayList<>(checks);
        allChecks.addAll(moreChecks);
        List<String> allErrors = new ArrayList<>(errors);
        allErrors.addAll(moreErrors);
        return new CredentialVerification(List.copyOf(allChecks), warnings, List.copyOf(allErrors), statuses, refusal);
    }
}
