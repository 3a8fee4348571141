package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.Rejection;
import java.util.List;

/**
 * The checks that passed, warnings, and errors (each naming its check, e.g. {@code proof: ...}); or, for a
 * credential the verifier would not check at all because it is over a limit, the refusal.
 *
 * @param refusal why the credential was not checked, or {@code null} when it was
 */
public record CredentialVerification(List<String> checks, List<String> warnings, List<String> errors,
                                     Rejection refusal) {

    public CredentialVerification(List<String> checks, List<String> warnings, List<String> errors) {
        this(checks, warnings, errors, null);
    }

    public static CredentialVerification refused(Rejection refusal) {
        return new CredentialVerification(List.of(), List.of(), List.of(), refusal);
    }
}
