package io.traceloom.kernel.credential;

import java.util.List;

/** The checks that passed, warnings, and errors (each naming its check, e.g. {@code proof: ...}). */
public record CredentialVerification(List<String> checks, List<String> warnings, List<String> errors) {
}
